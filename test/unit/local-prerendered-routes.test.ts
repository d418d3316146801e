// Local mode answers each path with the file CloudFront answers it with in production: a route the
// web build prerendered gets its own HTML, every other app route the SPA shell, files themselves.
// The rewrite is compared with the very function code infra/constructs/site.ts deploys.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spaRewriteCode } from '../../infra/constructs/site';
import { PRERENDER_LIST, prerenderedRoutes, viewerRequestUri } from '../../scripts/local/prerendered-routes';
import { createLocalServer } from '../../scripts/local/server';

jest.setTimeout(30_000);

type Handler = (event: { request: { uri: string } }) => { uri: string };

const LISTED = ['/demo', '/statement', '/Statement', '/demo/waiting-list', '/waiting-list'];

describe('viewerRequestUri', () => {
  const cloudFront = new Function(`${spaRewriteCode(LISTED)}; return handler;`)() as Handler;
  const uris = [
    '/',
    '//',
    '/demo',
    '/demo/',
    '/demo//',
    '/DEMO',
    '/Demo/',
    '/demo/waiting-list',
    '/demo/waiting-list/',
    '/demo/collective',
    '/demo/search',
    '/statement',
    '/Statement',
    '/STATEMENT',
    '/athlete/1',
    '/athlete/1/',
    '/school/2',
    '/search',
    '/de%6Do',
    '/demo/index.html',
    '/index.html',
    '/assets/index-abc12345.js',
    '/assets/missing',
    '/favicon.ico',
    '/images/logo.svg',
    '/drift-pitch.pdf',
    '/v1.2/thing',
    '/thing.v1/page',
    '/constructor',
    '/__proto__',
  ];

  it.each(uris)('rewrites %s as CloudFront does', (uri) => {
    expect(viewerRequestUri(uri, new Set(LISTED))).toBe(cloudFront({ request: { uri } }).uri);
  });

  it('gives a listed route its HTML and every other app route the shell', () => {
    const listed = new Set(LISTED);
    expect(viewerRequestUri('/demo/', listed)).toBe('/demo/index.html');
    expect(viewerRequestUri('/athlete/1', listed)).toBe('/index.html');
    expect(viewerRequestUri('/demo', new Set())).toBe('/index.html');
  });
});

describe('local mode serving the web build', () => {
  let webRoot: string;
  let server: Server;
  let port: number;

  const get = (target: string): Promise<{ status: number; text: string; cache: string }> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: target }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), cache: String(res.headers['cache-control'] ?? '') }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  const page = (route: string) => `<!doctype html><html data-prerendered="${route}"><title>${route}</title></html>`;
  const writeList = (list: unknown) => writeFile(path.join(webRoot, PRERENDER_LIST), JSON.stringify(list));

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'web-prerendered-'));
    await writeFile(path.join(webRoot, 'index.html'), page('/'));
    for (const route of ['/demo', '/learn', '/Statement']) {
      await mkdir(path.join(webRoot, route), { recursive: true });
      await writeFile(path.join(webRoot, route, 'index.html'), page(route));
    }
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'assets', 'index-abc12345.js'), 'export {};');
    await writeList(['/demo', '/Statement']);
    server = createLocalServer(webRoot);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(webRoot, { recursive: true, force: true });
  });

  it('answers a prerendered route with its own HTML, with or without a trailing slash, in its own case only', async () => {
    for (const target of ['/demo', '/demo/', '/demo?x=1']) expect((await get(target)).text).toContain('data-prerendered="/demo"');
    expect((await get('/Statement')).text).toContain('data-prerendered="/Statement"');
    expect((await get('/DEMO')).text).toContain('data-prerendered="/"');
    const demo = await get('/demo');
    expect(demo.status).toBe(200);
    expect(demo.cache).toBe('no-cache');
  });

  it('answers every other app route with the shell, and files as they are', async () => {
    for (const target of ['/', '/athlete/1', '/demo/collective', '/search?query=a', '/assets/gone']) {
      const answer = await get(target);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('data-prerendered="/"');
      expect(answer.cache).toBe('no-cache');
    }
    // /learn has HTML on disk but is not in the list: CloudFront never serves it for the route.
    expect((await get('/learn')).text).toContain('data-prerendered="/"');
    expect((await get('/learn/index.html')).text).toContain('data-prerendered="/learn"');
    expect((await get('/assets/index-abc12345.js')).cache).toContain('immutable');
    expect((await get('/assets/gone.js')).status).toBe(404);
  });

  it('reads the list again when a new build rewrites it while local mode runs', async () => {
    expect((await get('/learn')).text).toContain('data-prerendered="/"');
    await writeList(['/demo', '/learn']);
    expect((await get('/learn')).text).toContain('data-prerendered="/learn"');
    expect((await get('/Statement')).text).toContain('data-prerendered="/"');
    // A build being written (no list yet): the shell everywhere, then the list once it is back.
    await rm(path.join(webRoot, PRERENDER_LIST));
    expect((await get('/demo')).text).toContain('data-prerendered="/"');
    await writeList(['/demo', '/Statement']);
    expect((await get('/demo')).text).toContain('data-prerendered="/demo"');
  });

  it('ignores a list that is not route paths (CloudFront refuses to deploy it) without failing the request', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await writeList(['/demo', 'alert(1)']);
      expect((await get('/demo')).text).toContain('data-prerendered="/"');
      await writeFile(path.join(webRoot, PRERENDER_LIST), '["/demo"'); // half written
      expect((await get('/demo')).text).toContain('data-prerendered="/"');
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
      await writeList(['/demo', '/Statement']);
    }
    expect((await get('/demo')).text).toContain('data-prerendered="/demo"');
  });

  it('reads the list once while it is unchanged', () => {
    const first = prerenderedRoutes(webRoot);
    expect(prerenderedRoutes(webRoot)).toBe(first);
    expect([...first]).toEqual(['/demo', '/Statement']);
  });
});
