// Local mode as a newcomer starts it (`npm start -- --memory`: its own DynamoDB Local, in memory,
// seeded through the signed webhook): what it prints, and the verify command it prints run as
// printed, from a shell without COUNT_TEST_ORDERS, after a Shopify test order local mode counted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { deliverWebhook } from '../../scripts/lib/deliver';
import { sampleProductId } from '../../shared/seed-data';
import { orderPayload } from '../../shared/shopify-payloads';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

jest.setTimeout(240_000);

/** The environment of a fresh shell: nothing the test run set for its own tables and handlers. */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['TABLE_NAME', 'DYNAMODB_ENDPOINT', 'COUNT_TEST_ORDERS', 'LOG_LEVEL', 'PORT', 'SHOPIFY_WEBHOOK_SECRET', 'DEMO_MODE', 'UPLOADS_DIR'])
    delete env[name];
  return { ...env, ...extra };
}

let child: ChildProcess;
let stdout = '';
let stderr = '';

/** Resolves once local mode has printed its banner; rejects with its output if it exits first. */
function untilReady(proc: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (stdout.includes('Press Ctrl-C to stop.')) resolve();
    };
    proc.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      check();
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    proc.once('exit', (code) => reject(new Error(`local mode exited (${code}) before it was ready:\n${stdout}\n${stderr}`)));
  });
}

beforeAll(async () => {
  child = spawn(process.execPath, [TSX, 'scripts/local/start.ts', '--memory', '--no-build', '--port', '0'], {
    cwd: ROOT,
    env: shellEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilReady(child);
});

afterAll(async () => {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
});

const printed = (pattern: RegExp): string => {
  const match = pattern.exec(stdout);
  if (!match) throw new Error(`not in local mode's output (${pattern}):\n${stdout}`);
  return match[1];
};

describe('npm start -- --memory', () => {
  it("prints its DynamoDB Local's endpoint and the exact verify command, which reports no difference after a counted test order", async () => {
    const endpoint = printed(/^ {2}DynamoDB: +(http:\/\/127\.0\.0\.1:\d+) \(table Orders, in memory\)$/m);
    const command = printed(/^ {2}Verify: +(.+)$/m);
    expect(command).toBe(`DYNAMODB_ENDPOINT=${endpoint} TABLE_NAME=Orders npm run verify`);

    // A Shopify test order: local mode counts it (COUNT_TEST_ORDERS=true in its own process).
    const url = printed(/running at (http:\/\/127\.0\.0\.1:\d+)$/m);
    const stats = async () => (await (await fetch(`${url}/api/athletes/2/stats`)).json()) as { totalCardsSold: number };
    const before = (await stats()).totalCardsSold;
    const id = '9007199254999001';
    const body = orderPayload({
      id,
      createdAt: '2026-10-02T12:00:00Z',
      email: 'tester@example.com',
      test: true,
      lines: [{ id: `${id}1`, productId: sampleProductId(2, 1), title: 'Test card', quantity: 1, price: '3.00' }],
    });
    expect((await deliverWebhook(`${url}/api/webhooks/shopify`, 'orders/create', body, 'local-dev-shopify-secret')).status).toBe(200);
    // Settled when the athlete's figures show it (local mode settles in-process, moments later).
    const deadline = Date.now() + 60_000;
    while ((await stats()).totalCardsSold === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await stats()).totalCardsSold).toBe(before + 1);

    // The printed command, from a shell without COUNT_TEST_ORDERS (so: false).
    const [endpointVar, tableVar] = command.split(' ');
    const env = shellEnv(Object.fromEntries([endpointVar, tableVar].map((pair) => pair.split('=') as [string, string])));
    const verify = spawnSync(process.execPath, [TSX, 'scripts/verify.ts'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
    expect(verify.stdout).toMatch(/^verify: \d+ orders, \d+ figures checked, 0 differences$/m);
    expect(verify.stdout).toContain('test orders: 1 counted, 0 not counted');
    expect(verify.status).toBe(0);
  });
});
