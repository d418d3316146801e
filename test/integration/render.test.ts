// The render function as Lambda runs it: bundled with the Lambda esbuild definition
// (infra/bundling.ts), the web build beside it as the stack ships it (web/: render.cjs,
// page-assets.json, index.html), reading DynamoDB Local. A data page is answered with its HTML
// and data; what it cannot render gets the build's index.html, as S3 would answer.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { build } from 'esbuild';
import { LAMBDA_ESBUILD } from '../../infra/bundling';
import type { Event, Result } from '#lambdas/platform/http';
import { resetSearchIndex } from '#lambdas/catalog/search-index';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { putCatalog } from '#lambdas/catalog/catalog-repo';
import { createTestTable, type TestTable } from '../support/dynamo';
import { apiEvent } from '../support/invoke';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
let table: TestTable;
let dir: string;
let handler: (event: Event, context: Context) => Promise<Result>;

const context = { awsRequestId: 'render-test', functionName: 'render', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

async function get(pathAndQuery: string): Promise<Result & { body: string }> {
  const [rawPath, rawQueryString = ''] = pathAndQuery.split('?');
  const event = { ...apiEvent(`GET ${rawPath}`), routeKey: '$default', rawPath, rawQueryString };
  const result = await handler(event, context);
  expect(result.statusCode).toBe(200);
  expect(result.headers?.['content-type']).toBe('text/html; charset=utf-8');
  return result as Result & { body: string };
}

beforeAll(async () => {
  // An athlete whose name is full of replacement patterns (a name is any printable text).
  const catalog = structuredClone(SAMPLE_CATALOG);
  catalog.athletes[2].name = "Jo $' $` $& $1 </title> Doe";
  table = await createTestTable({ seedCatalog: false });
  await putCatalog(catalog);
  resetSearchIndex();
  dir = mkdtempSync(path.join(os.tmpdir(), 'render-fn-'));
  await build({ ...LAMBDA_ESBUILD, entryPoints: [path.join(ROOT, 'lambdas/catalog/render.handler.ts')], outfile: path.join(dir, 'index.js') });
  // The stack's afterBundling hook copies the same three files (infra/constructs/page-renderer.ts).
  mkdirSync(path.join(dir, 'web'));
  for (const [from, name] of [
    ['web/dist-server/render.cjs', 'render.cjs'],
    ['web/dist-server/page-assets.json', 'page-assets.json'],
    ['web/dist/index.html', 'index.html'],
  ]) {
    copyFileSync(path.join(ROOT, from), path.join(dir, 'web', name));
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  handler = (require(path.join(dir, 'index.js')) as { handler: typeof handler }).handler;
});

afterAll(async () => {
  await table?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const athlete = SAMPLE_CATALOG.athletes[0];

it('answers an athlete with the page rendered with its data, cached as long as the public answers', async () => {
  const res = await get(`/athlete/${athlete.id}`);
  expect(res.headers?.['cache-control']).toBe('public, max-age=20');
  expect(res.body).toContain(`data-prerendered="/athlete/${athlete.id}"`);
  expect(res.body).toContain(`<title>${athlete.name} · Drift</title>`);
  expect(res.body).toContain(athlete.bio.slice(0, 40));
  expect(res.body).toMatch(/<script type="application\/json" id="drift-data">\{"\/athletes\/1":/);
});

it('answers a search with its first results and a school with its page', async () => {
  expect((await get('/search?query=Marcus')).body).toContain('Portrait of Marcus Reed');
  const school = SAMPLE_CATALOG.schools[0];
  expect((await get(`/school/${school.id}`)).body).toContain(`${school.name} banner`);
});

it('answers what it does not render with the build’s index.html (no cache)', async () => {
  const shell = readFileSync(path.join(ROOT, 'web/dist/index.html'), 'utf8');
  for (const p of ['/athlete/999999', '/athlete/x', '/school/2/sport/Football', '/search']) {
    const res = await get(p);
    expect(res.body).toBe(shell);
    expect(res.headers?.['cache-control']).toBe('no-cache');
  }
});

it('puts names and queries full of replacement patterns into the page as text, with one root', async () => {
  // `$'`, `` $` ``, `$&` and `$1` mean "the text after / before / the match / a group" to
  // String.replace with a replacement string; `</title>` must not end the title.
  for (const query of ["$'x", '$`x', '$&x', '$1x', '</title><div id="root"></div>x']) {
    const res = await get(`/search?query=${encodeURIComponent(query)}`);
    expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    const title = /<title>([^<]*)<\/title>/.exec(res.body)![1];
    expect(title).toContain(query.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    expect(res.body.indexOf('<div id="root">')).toBeGreaterThan(res.body.indexOf('</head>'));
  }
  const named = SAMPLE_CATALOG.athletes[2];
  const res = await get(`/athlete/${named.id}`);
  expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
  expect(res.body).toContain("<title>Jo $' $` $&amp; $1 &lt;/title&gt; Doe · Drift</title>");
});
