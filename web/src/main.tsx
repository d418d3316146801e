// Entry point: reads the environment (fails fast on a half-configured Shopify setup), reloads once
// when a lazy chunk is gone after a deploy (Vite's vite:preloadError), and starts the app: it
// hydrates the HTML the build prerendered for this route (build-tools/prerender.ts), or renders
// afresh when the page is the SPA fallback for another route (index.html answers every deep link
// without HTML of its own; its boot script has hidden the prerendered landing until now). The boot
// script, not a module script tag, loads this entry: on a prerendered page right after the first paint.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/route-screens';
import './config/env';
import { installPreloadErrorHandler } from './lib/chunk-reload';
import './styles/base.css';

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

// The route's screens first (their chunks are already on the way: modulepreload), so the first
// render is the page itself, never a loading fallback; on a deep link its first data too (the
// boot script has requested it). A prerendered page hydrates as it was rendered: without data.
void preloadRoute(here, { withData: !prerendered }).then(() => {
  if (prerendered) {
    hydrateRoot(container, app);
  } else {
    container.replaceChildren();
    html.removeAttribute('data-prerendered');
    html.removeAttribute('data-deep-link');
    createRoot(container).render(app);
  }
});
