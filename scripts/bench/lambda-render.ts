// The render function's budgets in the Lambda benchmark (issue 27): its cold start (the bundle's
// load plus its first page) per data page, each in a fresh process, and each page's warm p50/p95,
// as the stack ships it (catalog-bundle.ts) against a table holding the sample catalog.
import { bundleProbe, runProbe } from './catalog-bundle';

/** Every data page the render function renders (web/dist-server/page-assets.json's routes), on the
 * sample catalog. */
export const RENDER_PAGES: ReadonlyArray<{ page: string; path: string }> = [
  { page: 'demo home', path: '/demo' },
  { page: 'athlete', path: '/athlete/1' },
  { page: 'card', path: '/athlete/1/card/1' },
  { page: 'athlete media', path: '/athlete-media/1' },
  { page: 'school', path: '/school/2' },
  { page: 'search', path: '/search?query=drift' },
  { page: 'demo search', path: '/demo/search?query=guard' },
];

/** The render function's budgets (docs/BENCHMARKS.md): a cold start (the bundle's load plus its
 * first page, whichever data page it is) and a warm page's p95. */
export const RENDER_BUDGETS = { coldStartMs: 1_000, warmP95Ms: 100 };

export interface RenderFigures {
  page: string;
  path: string;
  /** A fresh process whose first request is this page: the bundle's load, then the page. */
  loadMs: number;
  firstMs: number;
  /** The page again and again in a warm process. */
  p50: number;
  p95: number;
  rcu: number;
  bytes: number;
}

/** The render function's cold start per data page (a fresh process each) and its warm pages (one
 * process, `runs` views each), against a table holding the sample catalog. */
export async function renderFigures(dir: string, env: { DYNAMODB_ENDPOINT: string; TABLE_NAME: string }, runs: number): Promise<RenderFigures[]> {
  const probe = await bundleProbe('render', dir);
  const page = (p: { page: string; path: string }) => {
    const [rawPath, rawQueryString = ''] = p.path.split('?');
    return { name: p.page, requests: [{ routeKey: '$default', rawPath, rawQueryString }] };
  };
  const warm = runProbe('render', probe, RENDER_PAGES.map(page), runs, { ...env, DEMO_MODE: 'true' });
  return RENDER_PAGES.map((p, i) => {
    const cold = runProbe('render', probe, [page(p)], 1, { ...env, DEMO_MODE: 'true' });
    const w = warm.pages[i];
    return { page: p.page, path: p.path, loadMs: cold.loadMs, firstMs: cold.pages[0].cold.ms, p50: w.p50, p95: w.p95, rcu: w.rcu, bytes: w.bytes };
  });
}

/** Which budgets a page missed. */
export function missedRenderBudgets(f: RenderFigures): string[] {
  return [...(f.loadMs + f.firstMs > RENDER_BUDGETS.coldStartMs ? ['cold start'] : []), ...(f.p95 > RENDER_BUDGETS.warmP95Ms ? ['warm p95'] : [])];
}
