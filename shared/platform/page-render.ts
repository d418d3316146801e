// What the web build hands the servers that render pages on request (web/src/app/server-render.tsx
// is the renderer; web/build-tools/prerender.ts writes it beside the site; local mode's
// scripts/local/page-render.ts and the render Lambda, lambdas/catalog/render.handler.ts, load it).

/** Beside the site's directory: web/dist -> web/dist-server. */
export const SERVER_DIR = 'dist-server';
/** The renderer bundled with React (CommonJS, loaded with require). */
export const RENDER_MODULE = 'render.cjs';
/** The template and each rendered route's head. */
export const PAGE_ASSETS = 'page-assets.json';

export interface PageAssets {
  /** index.html as built, without the landing's markup (`<div id="root"></div>`) and without a boot script. */
  template: string;
  /** Per route pattern ('/athlete/:id'): the head lines of its page (the boot script naming its modules, its CSS). */
  heads: Record<string, string[]>;
}

/** Reads an API path (below /api) as the signed-out browser would: its status and JSON body. */
export type FetchJson = (path: string) => Promise<{ status: number; body: unknown }>;

/** The render module's interface: the page's HTML, or null when the caller answers with the SPA shell. */
export interface RenderModule {
  renderDocument(url: string, assets: PageAssets, fetchJson: FetchJson): Promise<string | null>;
}
