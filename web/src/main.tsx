// Entry point: reads the environment (fails fast on a half-configured Shopify setup), reloads once
// when a lazy chunk is gone after a deploy (Vite's vite:preloadError), and starts the app: it
// hydrates the HTML the build prerendered for this route (build-tools/prerender.ts), or renders
// afresh when the page is the SPA fallback for another route (index.html answers every deep link
// without HTML of its own; its boot script has hidden the prerendered landing until now). The boot
// script, not a module script tag, loads this entry: on a prerendered page right after the first paint.
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadRoute } from '@/app/route-screens';
import { PAGE_DATA_ID } from '@/app/page-data-id';
import '@/config/env';
import { installPreloadErrorHandler } from '@/lib/chunk-reload';
import '@/styles/base.css';

installPreloadErrorHandler();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const here = window.location.pathname.replace(/(.)\/+$/, '$1');

const html = document.documentElement;

const prerendered = html.dataset.prerendered === here;

// A page rendered on request (app/server-render.tsx) carries the answers it was rendered with:
// the app hydrates with them as SWR's fallback, exactly as the server rendered it (SWR then
// revalidates them as usual). Pages without a data block load no SWR here.
const pageData = prerendered ? document.getElementById(PAGE_DATA_ID) : null;
const withData: Promise<ReactNode> = pageData
  ? import('@/app/page-data').then((m) => m.withPageData(app, JSON.parse(pageData.textContent ?? '{}') as Record<string, unknown>))
  : Promise.resolve(app);

// The route's screens first (their chunks are already on the way: modulepreload), so the first
// render is the page itself, never a loading fallback; on a deep link its first data too (the
// boot script has requested it). A prerendered page hydrates as it was rendered: without data,
// or with the answers in its data block.
void Promise.all([preloadRoute(here, { withData: !prerendered }), withData]).then(([, page]) => {
  if (prerendered) {
    hydrateRoot(container, page);
  } else {
    container.replaceChildren();
    html.removeAttribute('data-prerendered');
    html.removeAttribute('data-deep-link');
    createRoot(container).render(app);
  }
});
