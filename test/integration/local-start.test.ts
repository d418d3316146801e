// Local mode as a newcomer starts it (`npm start -- --memory`: its own DynamoDB Local, in memory,
// seeded through the signed webhook): a few human lines on the terminal (progress, the URLs, the
// DynamoDB endpoint and the verify command), the structured logs in the log file, the codes it
// "emails" on the terminal, an error in full; and the verify command it prints, run as printed
// from a shell without COUNT_TEST_ORDERS, after a Shopify test order local mode counted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { deliverWebhook } from '../../scripts/lib/deliver';
import { createLocalOutput } from '../../scripts/local/output';
import { SAMPLE_CATALOG, sampleProductId } from '#shared/catalog/seed-data';
import { sampleDeliveries } from '../../scripts/lib/sample-orders';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { adultSignUp } from '../support/age-screen';
import { beaconProblem, type BeaconRound, type ChainInfo } from '#shared/cards/beacon';

/** How many sample deliveries local mode seeds (scripts/lib/sample-orders.ts). */
const SEEDED = sampleDeliveries(structuredClone(SAMPLE_CATALOG)).length;

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
const tmp = mkdtempSync(path.join(os.tmpdir(), 'local-start-'));
const logFile = path.join(tmp, 'local.log');

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
  child = spawn(process.execPath, [TSX, 'scripts/local/start.ts', '--memory', '--no-build', '--port', '0', '--log-file', logFile], {
    cwd: ROOT,
    env: shellEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await untilReady(child);
});

afterAll(async () => {
  if (child.exitCode === null)
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  rmSync(tmp, { recursive: true, force: true });
});

/** Resolves once `read()` holds `pattern` (local mode prints it moments later); fails after 30 s. */
async function until(read: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = pattern.exec(read());
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`${pattern} never appeared in:\n${read()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const printed = (pattern: RegExp): string => {
  const match = pattern.exec(stdout);
  if (!match) throw new Error(`not in local mode's output (${pattern}):\n${stdout}`);
  return match[1];
};

describe('npm start -- --memory', () => {
  it('prints a few human lines up to the banner (progress, the URLs, the DynamoDB endpoint, the verify command), no JSON', () => {
    const lines = stdout.slice(0, stdout.indexOf('Press Ctrl-C to stop.')).split('\n');
    expect(lines.length).toBeLessThanOrEqual(25);
    expect(lines.filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    const progress = lines.filter((l) => l.startsWith('[local] ')).map((l) => l.replace(/\d+(\.\d+)? s$/, 'N s').replace(/:\d+/g, ':PORT'));
    expect(progress).toEqual([
      '[local] starting DynamoDB Local (in memory)...',
      '[local] DynamoDB at http://127.0.0.1:PORT, table Orders created',
      `[local] seeding the sample catalog and ${SEEDED} Shopify deliveries through the signed webhook endpoint...`,
      expect.stringMatching(new RegExp(`^\\[local\\] {3}\\d+/${SEEDED} deliveries, phase 1 of 3 settled$`)),
      expect.stringMatching(new RegExp(`^\\[local\\] {3}\\d+/${SEEDED} deliveries, phase 2 of 3 settled$`)),
      `[local]   ${SEEDED}/${SEEDED} deliveries, phase 3 of 3 settled`,
      `[local] seeded ${SEEDED} Shopify deliveries, a payout batch, a donation allocation, a batch paid through Stripe, a gift and a membership through the Stripe stand-in and a pending collective application`,
      '[local] ready in N s',
    ]);
    for (const label of [
      'Drift NIL cards running at http://127.0.0.1:',
      'API:      http://',
      'Webhook:  http://',
      'Mail:     http://',
      'drand:    http://',
      'DynamoDB: http://',
      'Verify:   DYNAMODB_ENDPOINT=',
      'Logs:     ',
    ])
      expect(stdout).toContain(`  ${label}`);
    expect(stdout).toContain(`Logs:     ${logFile} (structured JSON; --verbose prints them here too)`);
    expect(stderr).toBe('');
  });

  it("serves drand's stand-in, whose rounds the product's beacon check accepts", async () => {
    const info = printed(/drand: {4}(http:\/\/127\.0\.0\.1:\d+\/local-drand\/[0-9a-f]{64}\/info)/);
    const chain = (await (await fetch(info)).json()) as ChainInfo;
    const latest = (await (await fetch(info.replace(/\/info$/, '/public/latest'))).json()) as BeaconRound;
    expect(beaconProblem(chain, latest)).toBeNull();
  });

  it("serves the local mailbox, where Cognito's sign-up codes arrive", async () => {
    const origin = printed(/Drift NIL cards running at (http:\/\/127\.0\.0\.1:\d+)/);
    const box = await fetch(`${origin}/local-mail/`);
    expect(box.status).toBe(200);
    expect(await box.text()).toContain('<h1>Local mail</h1>');
  });

  it('keeps the structured logs in the log file: a JSON line per delivery and metric, beside the human lines', () => {
    const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    const json = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(json.filter((l) => l.message === 'webhook processed').length).toBeGreaterThanOrEqual(SEEDED);
    expect(json.filter((l) => '_aws' in l).length).toBeGreaterThanOrEqual(SEEDED);
    expect(lines).toContain(
      `[local] seeded ${SEEDED} Shopify deliveries, a payout batch, a donation allocation, a batch paid through Stripe, a gift and a membership through the Stripe stand-in and a pending collective application`,
    );
  });

  it('prints the codes it "emails" on the terminal (and in the log file)', async () => {
    const email = `newbie${Date.now().toString(36)}@example.com`;
    const url = printed(/running at (http:\/\/127\.0\.0\.1:\d+)$/m);
    const res = await fetch(`${url}/local-cognito/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      body: JSON.stringify({ ClientId: 'localwebclient', Username: email, Password: 'secret123', ...adultSignUp(email) }),
    });
    expect(res.status).toBe(200);
    const pattern = new RegExp(`^\\[cognito\\] verification code for ${email.replace('.', '\\.')}: \\d{6}$`, 'm');
    const [line] = await until(() => stdout, pattern);
    await until(() => readFileSync(logFile, 'utf8'), new RegExp(line.replace(/[[\].]/g, '\\$&')));
  });

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

describe("local mode's output", () => {
  const terminal = () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (c: Buffer) => (text += c.toString()));
    return { stream, text: () => text };
  };

  it('prints a structured error line in full on the terminal (stderr), other structured lines only in the file', async () => {
    const out = terminal();
    const err = terminal();
    const file = path.join(tmp, 'output.log');
    const output = createLocalOutput({ stdout: out.stream, stderr: err.stream, logFile: file, verbose: false });
    const error = JSON.stringify({
      level: 'ERROR',
      message: 'unhandled error',
      error: { name: 'Error', message: 'boom', stack: 'Error: boom\n    at handler (x.ts:1:1)' },
    });
    output.structured.stdout.write(`${JSON.stringify({ level: 'INFO', message: 'webhook processed' })}\n{"_aws":{}}\n`);
    output.structured.stderr.write(`${error}\n`);
    output.say('ready');
    await new Promise<void>((resolve) => output.structured.stdout.end(resolve));
    output.close();
    expect(out.text()).toBe('[local] ready\n');
    expect(err.text()).toBe(`${error}\n`);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('prints every structured line with --verbose', () => {
    const out = terminal();
    const output = createLocalOutput({ stdout: out.stream, stderr: terminal().stream, logFile: null, verbose: true });
    output.structured.stdout.write('{"level":"INFO","message":"webhook processed"}\n');
    expect(out.text()).toBe('{"level":"INFO","message":"webhook processed"}\n');
  });

  it('prints its own failure in full: the stack and the cause', () => {
    const err = terminal();
    const output = createLocalOutput({ stdout: terminal().stream, stderr: err.stream, logFile: null, verbose: false });
    output.fail(new Error('the table could not be created', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') }));
    expect(err.text()).toMatch(
      /^\[local\] failed: Error: the table could not be created\n {4}at .+\n[\s\S]*caused by: Error: connect ECONNREFUSED 127\.0\.0\.1:1\n {4}at /,
    );
  });

  it('a failing start prints its error in full and exits 1', () => {
    const r = spawnSync(
      process.execPath,
      [TSX, 'scripts/local/start.ts', '--no-build', '--port', '0', '--dynamo-endpoint', 'http://127.0.0.1:1', '--log-file', path.join(tmp, 'failed.log')],
      { cwd: ROOT, env: shellEnv({ AWS_MAX_ATTEMPTS: '1' }), encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.stderr).toMatch(/^\[local\] failed: \S*Error\b.*\n {4}at /m);
    expect(r.status).toBe(1);
  });
});
