// The drand stand-in (scripts/local/drand.ts) answers drand's v1 HTTP API with rounds the product's own
// check accepts, and the beacon client (lambdas/platform/drand-client.ts) reads it as it reads the
// League of Entropy's relays: it refuses another chain, a forged round, and waits for a future one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beaconProblem, type BeaconRound, type ChainInfo } from '#shared/cards/beacon';
import { BeaconUnavailable, drandClient } from '#lambdas/platform/drand-client';
import { createLocalDrand } from '../../scripts/local/drand';

let clock = Date.UTC(2026, 0, 1, 0, 1, 0) / 1000; // one minute after genesis: round 21 is the newest
const drand = createLocalDrand({ basePath: '/local-drand', now: () => clock });
let server: Server;
let base = '';
let forge = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (forge && req.url?.includes('/public/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const real = drand.round(5);
      res.end(JSON.stringify({ ...real, round: Number(req.url.split('/').pop()) }));
      return;
    }
    void drand.handle(req, res).then((answered) => {
      if (!answered) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local-drand`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  forge = false;
});

describe('local drand stand-in and the beacon client', () => {
  it("serves drand's info and rounds that verify against the chain's key", async () => {
    const info = (await (await fetch(`${base}/${drand.info.hash}/info`)).json()) as ChainInfo;
    expect(info).toMatchObject({ period: 3, schemeID: 'bls-unchained-g1-rfc9380', hash: drand.info.hash });
    const latest = (await (await fetch(`${base}/${drand.info.hash}/public/latest`)).json()) as BeaconRound;
    expect(latest.round).toBe(21);
    expect(beaconProblem(info, latest)).toBeNull();
    const round7 = await fetch(`${base}/${drand.info.hash}/public/7`);
    expect(round7.headers.get('cache-control')).toContain('max-age');
    expect(beaconProblem(info, (await round7.json()) as BeaconRound, 7)).toBeNull();
  });

  it('refuses a round whose time has not come (425), an unknown chain (404) and a bad round (400)', async () => {
    expect((await fetch(`${base}/${drand.info.hash}/public/22`)).status).toBe(425);
    expect((await fetch(`${base}/${'0'.repeat(64)}/info`)).status).toBe(404);
    expect((await fetch(`${base}/${drand.info.hash}/public/abc`)).status).toBe(400);
  });

  it('gives the client checked rounds, null for a future round, and the round once it is out', async () => {
    const client = drandClient({ relays: [base], chainHash: drand.info.hash });
    expect((await client.round(3))?.round).toBe(3);
    expect(await client.round(25)).toBeNull();
    clock += 15;
    expect((await client.round(25))?.randomness).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a relay that serves another chain or a forged round', async () => {
    await expect(drandClient({ relays: [base], chainHash: 'ab'.repeat(32) }).info()).rejects.toThrow(BeaconUnavailable);
    forge = true;
    await expect(drandClient({ relays: [base], chainHash: drand.info.hash }).round(6)).rejects.toThrow("round 6's signature does not verify");
  });
});
