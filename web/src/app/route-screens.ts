// What a route shows, read from the route table's elements: its lazily loaded screens (layout
// first) and its fixed tab title. main.tsx preloads the screens of the first route before
// rendering; the build's prerender step (app/prerender.tsx) turns them into preload hints.
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import { DocumentTitle } from '@/components/document-title';
import type { RouteParams, ScreenInfo, ServerData } from '@/lib/lazy-screen';
import { routes } from '@/app/routes';

export interface Found {
  screens: Array<{ screen: ScreenInfo; preload: () => Promise<unknown>; prime: (params: RouteParams) => Promise<unknown>; serverData?: ServerData }>;
  title: string | null;
}

/** The screens and the fixed title inside a route's element (titled(), RequireSignIn and the like are walked through). */
export function inspectElement(node: ReactNode, found: Found = { screens: [], title: null }): Found {
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return;
    const element = child as ReactElement<{ children?: ReactNode; title?: string }>;
    const type = element.type as {
      screen?: ScreenInfo;
      preload?: () => Promise<unknown>;
      prime?: (params: RouteParams) => Promise<unknown>;
      serverData?: ServerData;
    };
    if (type.screen && type.preload && type.prime)
      found.screens.push({ screen: type.screen, preload: type.preload, prime: type.prime, serverData: type.serverData });
    if (element.type === DocumentTitle && element.props.title) found.title = element.props.title;
    inspectElement(element.props.children, found);
  });
  return found;
}

/** How long a deep link's first render waits for its data before it shows the loading state instead. */
export const PRIME_WAIT_MS = 1500;

/**
 * Loads the chunks of the screens that render `pathname` and, with `withData`, their first data
 * (the entity the path names, for at most PRIME_WAIT_MS). Resolves either way: a failure shows when the screen renders.
 */
export async function preloadRoute(pathname: string, { withData }: { withData: boolean }): Promise<void> {
  const found: Found = { screens: [], title: null };
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const match of matches) inspectElement(match.route.element, found);
  // The deepest match carries every param of the path ('/athlete/7' -> { id: '7' }).
  const params = matches[matches.length - 1]?.params ?? {};
  const chunks = Promise.all(found.screens.map((s) => s.preload().catch(() => undefined)));
  const data = withData
    ? Promise.race([Promise.all(found.screens.map((s) => s.prime(params).catch(() => undefined))), new Promise((r) => setTimeout(r, PRIME_WAIT_MS))])
    : null;
  await Promise.all([chunks, data]);
}
