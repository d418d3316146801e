// Deploys never break an open tab. Every route (and each chart) is a hashed chunk; a deploy
// replaces those files, so a tab opened before it asks for a chunk that no longer exists on its
// next navigation. Such a failed dynamic import reloads the page once (the fresh index.html names
// the new chunks); a marker in sessionStorage (target URL + time) makes sure it never loops: a
// second failure for the same URL within RELOAD_GUARD_MS shows the designed error screen instead.
import { lazy, type ComponentType } from 'react';

export const RELOAD_MARKER_KEY = 'drift:chunk-reload';
export const RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /'text\/html' is not a valid JavaScript MIME type/i, // an SPA fallback answered for a missing chunk
];

/** True for the errors a missing or unreachable lazy chunk produces. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR.some((pattern) => pattern.test(message));
}

interface Marker {
  url: string;
  at: number;
}

function readMarker(storage: Storage): Marker | null {
  try {
    const value = JSON.parse(storage.getItem(RELOAD_MARKER_KEY) ?? 'null') as Marker | null;
    return value && typeof value.url === 'string' && typeof value.at === 'number' ? value : null;
  } catch {
    return null;
  }
}

export interface ReloadEnv {
  url: string;
  now: number;
  storage: Storage | null;
  reload: () => void;
}

function browserEnv(): ReloadEnv {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // storage disabled: no guard, so no automatic reload
  }
  return { url: window.location.href, now: Date.now(), storage, reload: () => window.location.reload() };
}

let reloading = false;

/** True while a reload asked for by reloadOnce is under way (the page is about to go away). */
export const isReloading = () => reloading;

/**
 * Reloads the page unless it was already reloaded for this URL within RELOAD_GUARD_MS.
 * Returns whether it reloads. Without sessionStorage there is no guard, so it never reloads.
 */
export function reloadOnce(env: ReloadEnv = browserEnv()): boolean {
  if (reloading) return true;
  if (!env.storage) return false;
  const marker = readMarker(env.storage);
  if (marker && marker.url === env.url && env.now - marker.at < RELOAD_GUARD_MS) return false;
  try {
    env.storage.setItem(RELOAD_MARKER_KEY, JSON.stringify({ url: env.url, at: env.now } satisfies Marker));
  } catch {
    return false;
  }
  reloading = true;
  env.reload();
  return true;
}

/** A promise that never settles: what a lazy component waits on while the page reloads. */
const untilReload = <T>() => new Promise<T>(() => undefined);

/**
 * React.lazy with the reload rule: a chunk that fails to load reloads the page once; a second
 * failure (or any other error) is thrown to the route's error element.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithReload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await load();
      // Vite resolves the import with nothing when a vite:preloadError listener took over (reload).
      if (!module && reloading) return untilReload<{ default: T }>();
      return module;
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnce()) return untilReload<{ default: T }>();
      throw error;
    }
  });
}

/**
 * Vite reports failed preloads (JS or CSS of a lazy chunk) as a cancellable window event. It also
 * reports any other rejection of the function it wraps around a dynamic import (a route's first
 * data read through `import(...).then(...)`: an unknown athlete's 404): those are not a missing
 * chunk and reload nothing (a reload there raced the app's own redirect and the user's next
 * navigation); Vite rethrows them to the caller.
 */
export function installPreloadErrorHandler(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (isChunkLoadError((event as Event & { payload?: unknown }).payload) && reloadOnce()) event.preventDefault();
    // Otherwise Vite rethrows the error and the route's error element shows it.
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** For tests: forget a reload that was started. */
export function resetReloadStateForTests(): void {
  reloading = false;
}
