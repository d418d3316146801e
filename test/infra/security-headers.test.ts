// Infra layer, security headers: the one definition (infra/security-headers.ts) and the local
// server sending it on every kind of response, as CloudFront's response headers policy does
// (edge.test.ts checks the CloudFront side).
import * as fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { contentSecurityPolicy, securityHeaders } from '../../infra/security-headers';
import { createLocalServer } from '../../scripts/local/server';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('content security policy', () => {
  it('allows only the site itself by default: no inline or eval, no plugins, framed only by itself', () => {
    const d = directives(contentSecurityPolicy());
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['style-src']).toEqual(["'self'"]);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'self'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
  });

  it('adds Cognito, the Google sign-in domain and the uploads bucket to connect-src', () => {
    const d = directives(
      contentSecurityPolicy({
        cognitoRegion: 'eu-west-1',
        oauthDomain: 'drift.auth.eu-west-1.amazoncognito.com',
        uploadHost: 'bucket.s3.eu-west-1.amazonaws.com',
      }),
    );
    expect(d['connect-src']).toEqual([
      "'self'",
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://drift.auth.eu-west-1.amazoncognito.com',
      'https://bucket.s3.eu-west-1.amazonaws.com',
    ]);
    expect(d['script-src']).toEqual(["'self'"]);
  });

  it("relaxes exactly what Shopify's Buy Button needs, only with a store", () => {
    const d = directives(contentSecurityPolicy({ shopifyStoreDomain: 'drift-cards.myshopify.com' }));
    expect(d['script-src']).toEqual(["'self'", 'https://sdks.shopifycdn.com', "'unsafe-eval'"]);
    expect(d['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d['img-src']).toContain('https://cdn.shopify.com');
    expect(d['connect-src']).toEqual(["'self'", 'https://drift-cards.myshopify.com']);
  });

  it('refuses values that would inject directives', () => {
    expect(() => contentSecurityPolicy({ shopifyStoreDomain: "shop.example; script-src 'unsafe-inline'" })).toThrow(/host name/);
    expect(() => contentSecurityPolicy({ oauthDomain: 'https://a.example' })).toThrow(/host name/);
    expect(() => contentSecurityPolicy({ cognitoRegion: 'eu-west-1 https://evil.example' })).toThrow(/region/);
  });
});

describe('local server', () => {
  let root: string;
  let server: Server;
  let base: string;
  const store = process.env.VITE_SHOPIFY_STORE_DOMAIN;

  beforeAll(async () => {
    delete process.env.VITE_SHOPIFY_STORE_DOMAIN;
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-root-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(root, 'assets', 'index-abc12345.js'), 'export {};');
    server = createLocalServer(root, { webConfig: () => ({ demo: { athleteId: 1, collectiveId: 1 } }) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
    if (store !== undefined) process.env.VITE_SHOPIFY_STORE_DOMAIN = store;
  });

  it.each([
    ['/', 'no-cache'],
    ['/athlete/3', 'no-cache'],
    ['/assets/index-abc12345.js', 'public, max-age=31536000, immutable'],
    ['/config.json', null],
    ['/api/nope', null],
  ])('sends the production security headers on %s', async (url, cacheControl) => {
    const response = await fetch(`${base}${url}`);
    for (const [name, value] of Object.entries(securityHeaders())) expect([url, name, response.headers.get(name)]).toEqual([url, name, value]);
    if (cacheControl) expect(response.headers.get('cache-control')).toBe(cacheControl);
  });
});
