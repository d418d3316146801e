// Command-line flags for every CLI: node:util parseArgs in strict mode, so an unknown or misspelt
// flag (`--sercet X`) stops the command with its usage and exit code 1 instead of being ignored.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Config = Omit<ParseArgsConfig, 'args' | 'strict'>;

/** Parses process.argv (or `args`); `--help` prints the usage and exits 0. */
export function parseCli<const T extends Config>(usage: string, config: T, args = process.argv.slice(2)): ReturnType<typeof parseArgs<T & { strict: true }>> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args, strict: true } as T & { strict: true });
  } catch (error) {
    return usageError(usage, error instanceof Error ? error.message : String(error));
  }
}

/** Prints the problem and the usage on stderr and exits 1. */
export function usageError(usage: string, problem: string): never {
  console.error(`${problem}\n${usage}`);
  process.exit(1);
}
