// GET /api/collectives/{id} (demo: /api/demo/collectives/{id}): the collective, its school and
// merch, read consistently (what Settings edits).
import useSWR from 'swr';
import type { CollectiveResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';
import { useCollectiveBase } from '@/features/collective-panel/api/tenant-paths';

export function useCollective() {
  const { base } = useCollectiveBase();
  return useSWR<CollectiveResponse>(base, (path: string) => apiFetch<CollectiveResponse>(path));
}
