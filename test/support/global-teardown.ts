// Stops what the global setup started.
import type { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { startDynamoLocal } from '../../scripts/local/dynamodb-local';

type Globals = typeof globalThis & { __DYNAMO__?: Awaited<ReturnType<typeof startDynamoLocal>>; __LOCAL_MODE__?: ReturnType<typeof spawn> };

export default async function globalTeardown(): Promise<void> {
  const g = globalThis as Globals;
  if (g.__LOCAL_MODE__ && g.__LOCAL_MODE__.exitCode === null) {
    const child = g.__LOCAL_MODE__;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  }
  await g.__DYNAMO__?.stop();
  for (const file of [process.env.E2E_LOCAL_LOG, process.env.E2E_LOCAL_STRUCTURED_LOG]) if (file) rmSync(file, { force: true });
}
