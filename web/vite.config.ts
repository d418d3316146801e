// Vite build of the web app: root `web/`, output `web/dist/`, `/api` proxied to the local API in dev.
// Routes are code-split with React.lazy (src/app/routes.tsx), so the first page loads only its own
// chunks; after the bundle, the prerender step (build-tools/prerender.ts) writes the HTML of the
// static routes and index.html's boot script.
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { prerenderPlugin } from './build-tools/prerender';

const root = fileURLToPath(new URL('.', import.meta.url));
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
    plugins: [react(), prerenderPlugin({ alias, define })],
    resolve: { alias },
    define,
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
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
