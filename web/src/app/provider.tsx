// App-wide providers: SWR defaults (fetcher on the API client, one retry policy).
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { swrFetcher } from '../lib/api-client';

export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

export function AppProvider({ children, value }: { children: ReactNode; value?: SWRConfiguration }) {
  return <SWRConfig value={{ ...swrConfig, ...value }}>{children}</SWRConfig>;
}
