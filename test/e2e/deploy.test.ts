// Deploys never break an open tab (issue #15): a tab opened before a deploy asks for lazy chunks
// that no longer exist on its next navigation. The visitor must land on the page they asked for
// (after at most one reload) or on the designed error screen, never on the router's default one.
//
// Each test copies the built web app (web/dist) into a temporary web root served by its own local
// server (scripts/local/server.ts), so the shared web/dist is never touched; /api, /config.json
// and /local-cognito are forwarded to the local mode the global setup started.
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createLocalServer } from '../../scripts/local/server';
import { baseUrl, useBrowserPage } from '../support/browser';

jest.setTimeout(90_000);

const BUILD = path.resolve(__dirname, '../../web/dist');
const browserState = useBrowserPage();
let page: Page;
let webRoot: string;
let server: Server;
let origin: string;
let documentLoads: string[];

/** The web app from `webRoot`; everything the API serves comes from local mode. */
function startServer(root: string): Promise<Server> {
  const web = createLocalServer(root);
  const api = new URL(baseUrl());
  const front = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/config.json' || pathname.startsWith('/local-cognito/')) {
      const upstream = request(
        { host: api.hostname, port: api.port, method: req.method, path: req.url, headers: { ...req.headers, host: api.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    web.emit('request', req, res);
  });
  return new Promise((resolve) => front.listen(0, '127.0.0.1', () => resolve(front)));
}

const assetsDir = () => path.join(webRoot, 'assets');
const at = (p: string) => new URL(p, origin).toString();

async function chunkNamed(prefix: string, ext = '.js'): Promise<string> {
  const found = (await readdir(assetsDir())).find((f) => f.startsWith(`${prefix}-`) && f.endsWith(ext) && /^[a-z-]+-[\w-]{8}\.\w+$/.test(f));
  if (!found) throw new Error(`no ${prefix}-*${ext} chunk in the build`);
  return found;
}

/**
 * What a deploy does to the files: every hashed asset gets a new name (new content hash) and the
 * old names are gone; the HTML pages and the chunks refer to the new names.
 */
async function deployNewBuild(): Promise<Map<string, string>> {
  const files = await readdir(assetsDir());
  const renamed = new Map(files.map((f) => [f, f.replace(/(\.\w+)$/, '-v2$1')]));
  const byLength = [...renamed.keys()].sort((a, b) => b.length - a.length);
  const rewrite = (text: string) => byLength.reduce((out, old) => out.split(old).join(renamed.get(old)!), text);
  for (const [old, next] of renamed) {
    const file = path.join(assetsDir(), old);
    if (/\.(js|css)$/.test(old)) await writeFile(file, rewrite(await readFile(file, 'utf8')));
    await rename(file, path.join(assetsDir(), next));
  }
  // index.html and every prerendered page name the new files (web/build-tools/prerender.ts).
  const pages = (await readdir(webRoot, { recursive: true })).filter((f) => f.endsWith('.html'));
  for (const page of pages) await writeFile(path.join(webRoot, page), rewrite(await readFile(path.join(webRoot, page), 'utf8')));
  return renamed;
}

/**
 * Opens a page and waits for the app to run it. The prerendered pages (/statement, /demo: local
 * mode serves them their own HTML, as CloudFront does) show their links and buttons before the app
 * has hydrated them; a tab the deploy catches open has the app running.
 */
async function openApp(p: string): Promise<void> {
  await page.goto(at(p));
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

async function noDefaultErrorScreen(): Promise<void> {
  expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
  expect(await page.getByText(/Hey developer/).count()).toBe(0);
}

beforeEach(async () => {
  ({ page } = browserState);
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'drift-web-'));
  await cp(BUILD, webRoot, { recursive: true });
  server = await startServer(webRoot);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  documentLoads = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document' && req.frame() === page.mainFrame()) documentLoads.push(new URL(req.url()).pathname);
  });
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(webRoot, { recursive: true, force: true });
});

describe('a deploy while the app is open', () => {
  it('lands on the page the visitor asked for after one reload when the chunks were replaced', async () => {
    await openApp('/statement');
    await page.getByRole('link', { name: 'Continue' }).waitFor();

    const renamed = await deployNewBuild();
    expect(renamed.size).toBeGreaterThan(10);

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Who are you cheering for?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/main');
    expect(documentLoads).toEqual(['/statement', '/main']);
    // The reloaded page runs the new build.
    expect(await page.evaluate(`[...document.scripts].map((s) => s.src).join(' ')`)).toContain('-v2.js');
    await noDefaultErrorScreen();
  });

  it('lands on a demo page that reads the API after a deploy (search from the top bar)', async () => {
    await openApp('/demo');
    await page.getByRole('heading', { name: 'Featured Athletes' }).waitFor();
    await deployNewBuild();

    const box = page.getByLabel('Search athletes and schools');
    await box.fill('Marcus');
    await box.press('Enter');
    await page.getByRole('heading', { name: 'Search Athletes & Teams' }).waitFor();
    await page.getByRole('article', { name: 'Marcus Reed' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/demo/search?query=Marcus');
    expect(documentLoads).toHaveLength(2);
    await noDefaultErrorScreen();
  });

  it('shows the designed error screen, without a reload loop, when the chunk stays missing', async () => {
    await openApp('/statement');
    await page.getByRole('link', { name: 'Continue' }).waitFor();
    await rm(path.join(assetsDir(), await chunkNamed('main-chooser')));

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'This page needs a reload' }).waitFor();
    await page.waitForTimeout(2000);
    expect(documentLoads).toEqual(['/statement', '/main']); // exactly one reload, then it stops
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.title()).toBe('This page needs a reload · Drift');
    await noDefaultErrorScreen();

    // The way home works: a full load of the landing page.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { name: 'Let Your Fans Elevate Your Program' }).waitFor();
  });

  it("reloads once when Vite cannot preload a chunk's CSS, then shows the designed screen", async () => {
    await openApp('/demo');
    await page.getByRole('heading', { name: 'Featured Athletes' }).waitFor();
    // The CSS that only lazy chunks bring (the dashboards' stylesheet), which Vite preloads.
    const index = await readFile(path.join(webRoot, 'index.html'), 'utf8');
    const lazyCss = (await readdir(assetsDir())).filter((f) => f.endsWith('.css') && !index.includes(f));
    expect(lazyCss.length).toBeGreaterThan(0);
    for (const f of lazyCss) await rm(path.join(assetsDir(), f));

    await page.getByRole('button', { name: /Demo/ }).click();
    await page.getByRole('menuitem', { name: /Login as Athlete|Logged in as Athlete/ }).click();
    await page.getByRole('link', { name: 'My Stats' }).click();
    await page.getByRole('heading', { name: 'This page needs a reload' }).waitFor();
    await page.waitForTimeout(1500);
    expect(documentLoads).toEqual(['/demo', '/demo/athlete']);
    // The designed screen sits inside the demo shell: the top bar is still there.
    await page.getByLabel('Search athletes and schools').waitFor();
    await noDefaultErrorScreen();
  });

  it('shows the designed error screen for a render error, inside the layout and without reloading', async () => {
    await openApp('/statement');
    await page.getByRole('link', { name: 'Continue' }).waitFor();
    // A chunk whose component throws while rendering.
    await writeFile(
      path.join(assetsDir(), await chunkNamed('what-we-offer')),
      'export default function WhatWeOffer() { throw new Error("render failure in test"); }\n',
    );

    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'What We Offer' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(documentLoads).toEqual(['/statement']);
    expect(new URL(page.url()).pathname).toBe('/what-we-offer');
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    await page.getByRole('navigation', { name: 'Site' }).waitFor(); // the marketing header stays
    await noDefaultErrorScreen();
  });
});
