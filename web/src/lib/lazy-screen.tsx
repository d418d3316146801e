// Route screens and layouts load as chunks of their own. A screen is React.lazy with the reload
// rule of lib/chunk-reload.ts, plus two things the first page needs:
// - `preload()`: main.tsx loads the current route's screens before the first render, so the first
//   render shows the page instead of a Suspense fallback (whose reveal React throttles by 300 ms),
//   and hydration of prerendered HTML meets no pending boundary; `prime(params)` does the same for
//   the data a screen reads first (its entity, e.g. /api/athletes/7 for /athlete/7), on a deep link
//   only (a prerendered page was rendered without data and must hydrate that way);
// - `screen`: what the build's prerender step (web/build-tools/prerender.ts) reads to preload the
//   route's chunks and first data (the build fails when `source` is not a chunk of the build).
import { createElement, type ComponentProps, type ComponentType } from 'react';
import { lazyWithReload } from '@/lib/chunk-reload';

/** What the build needs to know about a lazily loaded screen or layout to preload it. */
export interface ScreenInfo {
  /** Its source file under web/src (the key of Vite's manifest), e.g. 'features/search/components/search-page.tsx'. */
  source: string;
  /**
   * API paths it reads on its first render, fetched early (index.html's boot script): templates
   * whose `:name` segments are the route's params ('/api/athletes/:id' on '/athlete/:id').
   */
  data: readonly string[];
}

/** The route's params, as react-router's matchRoutes gives them. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * A path template with the route's params put in ('/athletes/:id' -> '/athletes/7'), each encoded
 * as the screens' own keys encode it; null when a param is missing.
 */
export function fillPath(template: string, params: RouteParams): string | null {
  let missing = false;
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : path;
}

/**
 * The cache keys (API paths below /api) a screen reads on its first render for a URL's params and
 * query string: the server renders the page with their answers (app/server-render.tsx).
 */
export type ServerData = (params: RouteParams, search: URLSearchParams) => Array<string | null>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Screen<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  screen: ScreenInfo;
  preload: () => Promise<unknown>;
  prime: (params: RouteParams) => Promise<unknown>;
  serverData?: ServerData;
};

export interface ScreenOptions {
  /** API path templates the screen reads on its first render (for the boot script's fetch preloads). */
  data?: readonly string[];
  /** Puts that data into the cache for the route's params (lib/prime-data.ts). */
  prime?: (params: RouteParams) => Promise<unknown>;
  /** The screen's first data for a URL; with it, the server renders the page with its content. */
  serverData?: ServerData;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<T extends ComponentType<any>>(source: string, load: () => Promise<{ default: T }>, options: ScreenOptions = {}): Screen<T> {
  let loaded: T | null = null;
  let pending: Promise<{ default: T }> | null = null;
  // One attempt per page view, as React.lazy does: a chunk that failed (gone after a deploy) is
  // settled by lazyWithReload's reload-once rule and then the error screen, not tried again.
  const preload = () =>
    (pending ??= load().then((module) => {
      // Nothing when Vite's preload-error listener took over: the page is reloading (lazyWithReload).
      if (module) loaded = module.default;
      return module;
    }));
  const Lazy = lazyWithReload(preload);
  // Once loaded, render the component itself: no Suspense round on this or any later render.
  const LazyScreen = (props: ComponentProps<T>) => createElement(loaded ?? Lazy, props);
  return Object.assign(LazyScreen, {
    screen: { source, data: options.data ?? [] },
    preload,
    prime: options.prime ?? (() => Promise.resolve()),
    serverData: options.serverData,
  });
}
