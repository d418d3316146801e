// `npm run verify-draw` as anyone runs it (issue 34 item 3): against a saved draw and a drand relay
// (the local stand-in on a port of its own), it exits 0 and says the draw checks out, and exits 1
// naming the entry list when an entry was moved after the close.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { commitmentHash, drawWinners, entryId, entryListHash, type DrawCommitment } from '#shared/cards/draw';
import type { PublishedDraw } from '#shared/cards/draw-check';
import { createLocalDrand } from '../../scripts/local/drand';

const ROOT = path.resolve(__dirname, '../..');
const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const drand = createLocalDrand({ basePath: '/local-drand' });
let server: Server;
let relay = '';
const dir = mkdtempSync(path.join(os.tmpdir(), 'verify-draw-'));

jest.setTimeout(120_000);

beforeAll(async () => {
  server = createServer((req, res) => void drand.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local-drand`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/verify-draw.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function saved(tamper: boolean): Promise<string> {
  const round = 5;
  const commitment: DrawCommitment = {
    rules: 'drift-draw-v1',
    drop: '3/2',
    parallels: [
      { name: 'One of One', count: 1 },
      { name: 'Gold', count: 4 },
    ],
    beacon: { chainHash: drand.info.hash, round },
    closesAt: '2026-01-01T00:00:00.000Z',
    delayMinutes: 0,
  };
  const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => entryId('3/2', { lineId: `${7000 + i}`, unit: 0 }, sha256)));
  const beacon = drand.round(round);
  const { winners } = await drawWinners({ commitment, entryIds: ids, randomness: beacon.randomness }, sha256);
  const published = tamper ? [ids[1], ids[0], ...ids.slice(2)] : ids;
  const draw: PublishedDraw = {
    commitment,
    commitmentHash: await commitmentHash(commitment, sha256),
    entries: { ids: published, hash: await entryListHash(ids, sha256) },
    result: { round, randomness: beacon.randomness, signature: beacon.signature, winners },
  };
  const file = path.join(dir, tamper ? 'tampered.json' : 'draw.json');
  writeFileSync(file, JSON.stringify(draw));
  return file;
}

describe('npm run verify-draw', () => {
  it('says a draw made by the rules checks out (exit 0)', async () => {
    const r = await run(['3/2', '--file', await saved(false), '--relays', relay]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('✓ the draw checks out');
    expect(r.status).toBe(0);
  });

  it('fails on a tampered entry list and says where (exit 1)', async () => {
    const r = await run(['3/2', '--file', await saved(true), '--relays', relay]);
    expect(r.stdout).toContain('✗ entries: the entry list hashes to');
    expect(r.status).toBe(1);
  });
});
