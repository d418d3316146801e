// Local mode's HTTP server never dies of, or answers 500 to, a request it cannot parse: malformed
// percent-escapes and request targets get a 400 and the next request is served as usual.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createLocalServer } from '../../scripts/local/server';

let server: Server;
let port: number;
let webRoot: string;

/** A raw request: the path goes on the wire exactly as written (fetch would normalise it). */
function raw(method: string, target: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'web-root-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Drift</title>');
  server = createLocalServer(webRoot);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as AddressInfo).port;
  process.on('uncaughtException', onCrash);
});

afterAll(async () => {
  process.off('uncaughtException', onCrash);
  await new Promise((resolve) => server.close(resolve));
  await rm(webRoot, { recursive: true, force: true });
});

describe('local server and malformed requests', () => {
  it('answers 400 to a malformed escape in a static path and keeps serving', async () => {
    const bad = await raw('GET', '/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.type).toMatch(/^text\/plain/);
    const next = await raw('GET', '/');
    expect(next.status).toBe(200);
    expect(next.text).toContain('<title>Drift</title>');
    expect((await raw('GET', '/athletes/%E0%A4%A')).status).toBe(400); // a deep link too
  });

  it('answers 400 to a request target the URL parser refuses', async () => {
    expect((await raw('GET', '//')).status).toBe(400);
    expect((await raw('GET', '/')).status).toBe(200);
  });

  it('answers 400 JSON to a malformed escape in an API path parameter, before any handler runs', async () => {
    const bad = await raw('GET', '/api/athletes/%E0%A4%A/stats');
    expect(bad.status).toBe(400);
    expect(bad.type).toBe('application/json');
    expect(JSON.parse(bad.text)).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
    // A protected route too: 400 for the path whatever the credentials.
    expect((await raw('GET', '/api/athletes/%ZZ/orders')).status).toBe(400);
    const next = await raw('GET', '/api/no-such-route');
    expect(next.status).toBe(404);
    expect(JSON.parse(next.text).error.code).toBe('not_found');
  });

  it('never crashed the process', () => {
    expect(crashes).toEqual([]);
  });
});
