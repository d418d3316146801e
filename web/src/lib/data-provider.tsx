// The data layer's settings for every screen that reads the API: SWR defaults (no refetch on
// focus, no automatic retry: screens show a Try Again; every hook passes its own fetcher from its
// feature's api/ file), and a fresh cache whenever the signed-in user changes, since the same key
// reads the owner's data or the demo's (lib/api-client.ts). Both layouts provide it, so the pages
// without data (the landing, the chooser, the pitch) load no SWR at all.
import { useEffect, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import { getSession, useSessionIdentity } from '@/lib/auth/session-store';

export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

/** Whose data the cache holds; module state, so a layout mounted after a sign-in elsewhere still resets. */
let cachedIdentity: string | null = null;

/** Drops every cached answer (including useSWRInfinite pages) and refetches what is on screen. */
function SessionCacheReset() {
  const identity = useSessionIdentity();
  const { cache, mutate } = useSWRConfig();
  useEffect(() => {
    const previous = cachedIdentity;
    // The store's own value: while hydrating a prerendered or server-rendered page the hook says
    // '' (those pages render signed out), and that is no change of user (the data block's public answers stay).
    const actual = getSession()?.claims.sub ?? '';
    cachedIdentity = actual;
    if (previous === null || previous === actual) return;
    // Plain keys first: useSWRInfinite ($inf$ keys) reuses cached pages unless they are gone.
    const keys = Array.from(cache.keys()).sort((a, b) => Number(a.startsWith('$')) - Number(b.startsWith('$')));
    for (const key of keys) void mutate(key, undefined, { revalidate: true }).catch(() => undefined);
  }, [identity, cache, mutate]);
  return null;
}

export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <SessionCacheReset />
      {children}
    </SWRConfig>
  );
}
