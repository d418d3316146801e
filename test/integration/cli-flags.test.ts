// Every CLI parses its flags strictly (node:util parseArgs): an unknown or misspelt flag stops it
// with its usage on stderr and exit code 1, before it touches anything (no table, no network).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');

function run(script: string, args: string[]) {
  // No TABLE_NAME, no endpoint: a CLI that got past its flags would fail differently (exit 2) or hang.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent' };
  return spawnSync(process.execPath, [TSX, script, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
}

jest.setTimeout(120_000);

describe('CLI flags', () => {
  it.each([
    [
      'scripts/webhook.ts',
      ['send', 'docs/examples/order-create.json', '--sercet', 'X'],
      /Unknown option '--sercet'[\s\S]*usage: npm run webhook -- send FILE\.json --topic TOPIC --url URL \[--secret SECRET\]/,
    ],
    ['scripts/webhook.ts', ['sned', 'file.json'], /unknown command 'sned'[\s\S]*usage: npm run webhook/],
    ['scripts/seed.ts', ['--webhook-ulr', 'http://127.0.0.1:1/'], /Unknown option '--webhook-ulr'[\s\S]*usage: npm run seed -- \[--webhook-url URL\]/],
    ['scripts/verify.ts', ['--fix'], /Unknown option '--fix'[\s\S]*usage: npm run verify/],
    ['scripts/settle.ts', ['--all'], /Unknown option '--all'[\s\S]*usage: npm run settle/],
    [
      'scripts/reconcile.ts',
      ['--sinse', '2026-01-01T00:00:00Z'],
      /Unknown option '--sinse'[\s\S]*usage: npm run reconcile -- \[--since ISO\] \[--mode auto\|rest\|bulk\] \[--verbose\]/,
    ],
    ['scripts/reconcile.ts', ['--since', 'yesterday'], /--since 'yesterday' is not an ISO-8601 date[\s\S]*usage: npm run reconcile/],
    ['scripts/reconcile.ts', ['--mode', 'fast'], /--mode 'fast' is not one of auto, rest, bulk[\s\S]*usage: npm run reconcile/],
    ['scripts/bench/run.ts', ['--smok'], /Unknown option '--smok'[\s\S]*usage: npm run bench \[-- --smoke\]/],
    ['scripts/local/start.ts', ['--memroy'], /Unknown option '--memroy'[\s\S]*usage: npm start \[-- --memory\]/],
    ['scripts/local/start.ts', ['--port', 'eighty'], /bad port eighty[\s\S]*usage: npm start/],
    ['scripts/verify-draw.ts', ['1/7', '--relay', 'http://127.0.0.1:1'], /Unknown option '--relay'[\s\S]*usage: npm run verify-draw -- ATHLETE\/CARD/],
    ['scripts/verify-draw.ts', ['seven'], /name one drop as ATHLETE\/CARD[\s\S]*usage: npm run verify-draw/],
    ['scripts/local/dev.ts', ['--no-seeed'], /Unknown option '--no-seeed'[\s\S]*usage: npm run dev \[-- --memory\]/],
  ])('%s %j fails with the usage and exit code 1', (script, args, message) => {
    const r = run(script, args);
    expect(r.stderr).toMatch(message);
    expect(r.status).toBe(1);
  });

  it('still accepts the flags the README documents (--help prints the usage and exits 0)', () => {
    const r = run('scripts/webhook.ts', ['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('usage: npm run webhook -- send FILE.json');
  });
});
