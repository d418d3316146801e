// Vite build of the web app: root `web/`, output `web/dist/`, `/api` proxied to the local API in dev.
// Routes are code-split with React.lazy (src/app/routes.tsx), so the first page loads only its own
// chunks; after the bundle, the prerender step (build-tools/prerender.ts) writes the HTML of the
// static routes and index.html's boot script.
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { prerenderPlugin } from './build-tools/prerender';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The route table names each screen's source file (`lazyScreen('features/…tsx', …)`) for the
 * prerender step, which reads the names in its own Node build (build-tools/prerender.ts) to find the
 * screens' chunks; the browser never reads them. The client build leaves them out of the entry
 * chunk (~0.5 KiB gzip). A name must be a plain string literal, as the route table writes them.
 */
function dropScreenSources(): Plugin {
  return {
    name: 'drift:drop-screen-sources',
    apply: 'build',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !id.replace(/\\/g, '/').endsWith('/src/app/routes.tsx')) return null;
      return { code: code.replace(/lazyScreen\(\s*(['"])[^'"\n]*\1/g, "lazyScreen(''"), map: null };
    },
  };
}
const src = fileURLToPath(new URL('./src/', import.meta.url));
const shared = fileURLToPath(new URL('../shared/', import.meta.url));

export default defineConfig(({ mode }) => {
  const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3000}`;
  const fileEnv = loadEnv(mode, root, 'VITE_');
  const pick = (name: string) => process.env[name] ?? fileEnv[name] ?? '';
  // The same aliases as web/tsconfig.json and jest.config.js: @/ is web/src, @shared/ the domain code.
  const alias = [
    { find: /^@\//, replacement: src },
    { find: /^@shared\//, replacement: shared },
  ];
  // One constant instead of import.meta.env so the same module also runs under jest (CommonJS).
  const define = {
    __DRIFT_ENV__: JSON.stringify({
      VITE_SHOPIFY_STORE_DOMAIN: pick('VITE_SHOPIFY_STORE_DOMAIN'),
      VITE_SHOPIFY_STOREFRONT_TOKEN: pick('VITE_SHOPIFY_STOREFRONT_TOKEN'),
    }),
  };
  return {
    root,
    plugins: [react(), dropScreenSources(), prerenderPlugin({ alias, define })],
    resolve: { alias },
    define,
    // No modulepreload polyfill in the entry chunk (~0.3 KiB gzip): every browser the app supports
    // preloads modules itself (Safari from 17); one without only loses the early fetch.
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, modulePreload: { polyfill: false } },
    server: {
      port: Number(process.env.WEB_PORT || 5173),
      // The runtime config and the local Cognito live on the local API's origin too.
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/config.json': { target: apiTarget, changeOrigin: false },
        '/local-cognito': { target: apiTarget, changeOrigin: false },
      },
    },
    preview: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  };
});
