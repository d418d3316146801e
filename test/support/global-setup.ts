// One DynamoDB Local for the whole jest run (integration and browser tests use it); the browser
// layer also gets local mode (built web app + API) on a free port.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startDynamoLocal } from '../../scripts/local/dynamodb-local';

type Globals = typeof globalThis & { __DYNAMO__?: Awaited<ReturnType<typeof startDynamoLocal>>; __LOCAL_MODE__?: ReturnType<typeof spawn> };

function selected(name: string): boolean {
  const argv = process.argv.join(' ');
  if (!argv.includes('--selectProjects')) return true;
  const after = argv.split('--selectProjects')[1] ?? '';
  return after.split(' --')[0].split(/\s+/).includes(name);
}

/**
 * Waits until local mode says it is ready (its banner, printed once the sample orders are seeded
 * and settled): tests that start earlier read figures that move under them while the seed goes on.
 */
async function waitForReady(logFile: string, child: ReturnType<typeof spawn>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = readFileSync(logFile, 'utf8');
    if (log.includes('Press Ctrl-C to stop.')) return;
    if (child.exitCode !== null) throw new Error(`local mode exited (${child.exitCode}) before it was ready:\n${log}`);
    if (Date.now() > deadline) throw new Error(`local mode was not ready within ${timeoutMs / 1000} s:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export default async function globalSetup(): Promise<void> {
  const g = globalThis as Globals;
  const needsDynamo = selected('integration') || selected('e2e');
  if (!needsDynamo) return;
  const dynamo = await startDynamoLocal();
  g.__DYNAMO__ = dynamo;
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  if (selected('e2e') && !process.env.E2E_BASE_URL) {
    const port = await freePort();
    const root = path.resolve(__dirname, '../..');
    // Local mode's log goes to a file: the browser tests read the codes it "emails" there, as a
    // user reads them in the terminal (there is no other way to get them).
    const logFile = path.join(os.tmpdir(), `drift-e2e-local-${port}.log`);
    const structuredLog = path.join(os.tmpdir(), `drift-e2e-local-${port}.structured.log`);
    const log = openSync(logFile, 'w');
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        'scripts/local/start.ts',
        '--memory',
        '--no-build',
        '--dynamo-endpoint',
        dynamo.endpoint,
        '--table',
        'E2E',
        // Not the checkout's .data/local.log: a local mode of the user's may be writing it.
        '--log-file',
        structuredLog,
      ],
      {
        cwd: root,
        env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent' },
        stdio: ['ignore', log, 'inherit'],
      },
    );
    closeSync(log);
    g.__LOCAL_MODE__ = child;
    process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
    process.env.E2E_LOCAL_LOG = logFile;
    process.env.E2E_LOCAL_STRUCTURED_LOG = structuredLog;
    await waitForReady(logFile, child, 180_000);
  }
}
