// A deep link reads its entity before the first render (lib/prime-data.ts), and the screen's hook
// then reads the same path: the prime hands its request over, and the hook's first fetch of that
// path takes it instead of asking again, whatever its outcome. A success is in the cache already;
// a failure (an unknown athlete's 404) reaches the screen as its error, read once, so the screen
// redirects without asking three more times; a request still under way is waited for.
const HANDOFF_MS = 10_000;

const handed = new Map<string, { request: Promise<unknown>; at: number }>();

/** Hands the request of `path` to the next fetch of it (within HANDOFF_MS). */
export function handOff(path: string, request: Promise<unknown>): void {
  handed.set(path, { request, at: Date.now() });
}

/** The request handed over for `path`, once; null when there is none (or it is too old). */
export function takeHandOff<T>(path: string): Promise<T> | null {
  const entry = handed.get(path);
  handed.delete(path);
  return entry && Date.now() - entry.at < HANDOFF_MS ? (entry.request as Promise<T>) : null;
}

/** A fetcher that takes a handed-over request of its path before asking the API. */
export const withHandOff =
  <T>(fetcher: (path: string) => Promise<T>) =>
  (path: string): Promise<T> =>
    takeHandOff<T>(path) ?? fetcher(path);
