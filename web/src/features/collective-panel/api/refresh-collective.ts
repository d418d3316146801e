// What every settings write refreshes once the server has it: the catalog (read past the
// browser's HTTP cache, so a reload shows the change too) and the collective's stats. Through the
// SWR config in use, so the cache the screens read is the one refreshed.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Catalog } from '@shared/catalog-types';
import { CATALOG_KEY } from '@/config/api';
import { apiFetch } from '@/lib/api-client';
import { collectiveStatsKey } from './get-collective-stats';

export function useRefreshCollective(collectiveId: number): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await Promise.all([
      mutate(CATALOG_KEY, apiFetch<Catalog>(CATALOG_KEY, { cache: 'reload' }), { revalidate: false }),
      mutate(collectiveStatsKey(collectiveId)),
    ]);
  }, [mutate, collectiveId]);
}
