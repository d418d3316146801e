// What local mode prints. The terminal gets a few human lines: progress (DynamoDB Local, the table,
// the seeding with a count, settling), the ready banner with the URLs, the DynamoDB endpoint and
// the verify command, and the codes local mode "emails" (sign-up verification, password reset).
// The structured lines the handlers write (lambdas/platform/log.ts's JSON, one per event, and the EMF
// metrics: a few hundred while the sample orders are seeded) go to a log file, `.data/local.log`
// unless `--log-file` says otherwise, and to the terminal as well with `--verbose`. The log file
// also gets every human line, so it tells the whole story. An error is printed on the terminal in
// full whatever the flags: a structured line of level ERROR or CRITICAL, and local mode's own failure.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';

export interface LocalOutputOptions {
  /** The terminal (the process's stdout and stderr). */
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Where the structured lines are kept (created, or emptied, at start); null: nowhere. */
  logFile: string | null;
  /** Structured lines on the terminal too. */
  verbose: boolean;
}

export interface LocalOutput {
  /** A progress line: `[local] message`. */
  say(message: string): void;
  /** Lines for the user as they are (the banner, the codes local mode "emails"). */
  print(text: string): void;
  /** Local mode's own failure: the error with its stack (and cause), on stderr. */
  fail(error: unknown): void;
  /** Where the handlers' structured lines go (log.ts sendLogsTo, metrics.ts sendMetricsTo). */
  structured: { stdout: Writable; stderr: Writable };
  logFile: string | null;
  close(): void;
}

const ERROR_LEVELS = new Set(['ERROR', 'CRITICAL']);

/** True for a structured line that reports an error (`level` ERROR or CRITICAL, or a plain `level: 'error'`). */
export function isErrorLine(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'string' && ERROR_LEVELS.has(level.toUpperCase());
  } catch {
    return false;
  }
}

/** The full text of an error: its stack (which starts with its message) and its causes. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const text = error.stack ?? `${error.name}: ${error.message}`;
  return error.cause === undefined ? text : `${text}\ncaused by: ${describeError(error.cause)}`;
}

export function createLocalOutput(options: LocalOutputOptions): LocalOutput {
  let fd: number | null = null;
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    fd = openSync(options.logFile, 'w');
  }
  const toFile = (text: string) => {
    if (fd !== null) writeSync(fd, text);
  };
  const toTerminal = (text: string) => options.stdout.write(text);

  /** A stream of structured lines: each complete line to the file, to the terminal when it is an
   * error (or always with --verbose). */
  const structuredStream = () => {
    let partial = '';
    const line = (text: string) => {
      toFile(`${text}\n`);
      if (isErrorLine(text)) options.stderr.write(`${text}\n`);
      else if (options.verbose) toTerminal(`${text}\n`);
    };
    return new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const text of lines) line(text);
        done();
      },
      final(done) {
        if (partial) line(partial);
        partial = '';
        done();
      },
    });
  };

  const print = (text: string) => {
    const lines = text.endsWith('\n') ? text : `${text}\n`;
    toTerminal(lines);
    toFile(lines);
  };

  return {
    say: (message) => print(`[local] ${message}`),
    print,
    fail(error) {
      const text = `[local] failed: ${describeError(error)}\n`;
      options.stderr.write(text);
      toFile(text);
    },
    structured: { stdout: structuredStream(), stderr: structuredStream() },
    logFile: options.logFile,
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
