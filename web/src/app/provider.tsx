// App-wide providers: SWR defaults (fetcher on the API client, one retry policy), and a fresh
// cache whenever the signed-in user changes (the same key reads the owner or the demo data).
import { useEffect, useRef, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import { swrFetcher } from '@/lib/api-client';
import { useSessionIdentity } from '@/lib/session';

export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

/** Drops every cached answer (including useSWRInfinite pages) and refetches what is on screen. */
function SessionCacheReset() {
  const identity = useSessionIdentity();
  const { cache, mutate } = useSWRConfig();
  const seen = useRef(identity);
  useEffect(() => {
    if (seen.current === identity) return;
    seen.current = identity;
    // Plain keys first: useSWRInfinite ($inf$ keys) reuses cached pages unless they are gone.
    const keys = Array.from(cache.keys()).sort((a, b) => Number(a.startsWith('$')) - Number(b.startsWith('$')));
    for (const key of keys) void mutate(key, undefined, { revalidate: true }).catch(() => undefined);
  }, [identity, cache, mutate]);
  return null;
}

export function AppProvider({ children, value }: { children: ReactNode; value?: SWRConfiguration }) {
  return (
    <SWRConfig value={{ ...swrConfig, ...value }}>
      <SessionCacheReset />
      {children}
    </SWRConfig>
  );
}
