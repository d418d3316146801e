// Build-time rendering (React 19's react-dom/static), run in Node by the build's prerender step
// (web/build-tools/prerender.ts) after the browser build. It renders the same AppRoutes as the
// browser (app/router.tsx) in a static router, so the browser can hydrate the HTML it writes, and
// it describes every route for the preload hints: which lazily loaded screens (and so chunks) a
// route shows and which API paths they read first.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter, type RouteObject } from 'react-router-dom';
import type { ScreenInfo } from '@/lib/lazy-screen';
import { documentTitle } from '@/lib/use-document-title';
import { inspectElement } from '@/app/route-screens';
import { AppRoutes } from '@/app/router';
import { joinPattern } from '@/app/server-render';
import { routes } from '@/app/routes';

export interface RouteFacts {
  /** The route's full path pattern ('/athlete/:id'; '*' for the catch-all). */
  pattern: string;
  /** Lazily loaded layouts and screens on this route, outermost first. */
  screens: ScreenInfo[];
  /** The tab title when the route names it (screens named after their data set it themselves). */
  title: string | null;
  prerender: boolean;
  /** Whether its screens name their first data: the server renders the route on request (app/server-render.tsx). */
  serverData: boolean;
}

export { composeDocument, renderDocument } from '@/app/server-render';

/** Every leaf route of the table with the screens of its whole chain (layout first). */
export function routeFacts(list: RouteObject[] = routes, parent = '', outer: ScreenInfo[] = []): RouteFacts[] {
  return list.flatMap((route) => {
    const found = inspectElement(route.element);
    const pattern = joinPattern(parent, route.path);
    const screens = [...outer, ...found.screens.map((s) => s.screen)];
    if (route.children?.length) return routeFacts(route.children, pattern, screens);
    const prerender = (route.handle as { prerender?: boolean } | undefined)?.prerender === true;
    const serverData = found.screens.some((s) => s.serverData !== undefined);
    return [{ pattern: pattern || '/', screens, title: found.title, prerender, serverData }];
  });
}

export interface Page {
  path: string;
  /** The markup of #root. */
  html: string;
  /** The document title ('{page} · Drift'). */
  title: string;
  screens: ScreenInfo[];
}

/** Renders one route, waiting for its lazy screens, as the browser's first render will see it (signed out, no data yet). */
export async function renderPage(path: string): Promise<Page> {
  const facts = routeFacts().find((f) => f.pattern === path);
  if (!facts) throw new Error(`prerender: ${path} is not a route of the table`);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  return { path, html, title: documentTitle(facts.title), screens: facts.screens };
}
