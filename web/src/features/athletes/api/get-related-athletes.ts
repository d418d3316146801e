// GET /api/athletes/{id}/related: athletes of the same school, the athlete excluded (roster order).
import useSWR from 'swr';
import type { RelatedAthletesResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';

export const RELATED_LIMIT = 12;

export const relatedAthletesKey = (id: number | null) => (id === null ? null : `/athletes/${id}/related?limit=${RELATED_LIMIT}`);

export const getRelatedAthletes = (path: string) => apiFetch<RelatedAthletesResponse>(path);

export function useRelatedAthletes(id: number | null) {
  return useSWR<RelatedAthletesResponse>(relatedAthletesKey(id), getRelatedAthletes, { revalidateIfStale: false });
}
