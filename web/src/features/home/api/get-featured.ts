// GET /api/featured: the demo home's carousels (the first schools, the last athletes; up to 6 each).
import useSWR from 'swr';
import type { FeaturedResponse } from '@shared/api';
import { apiFetch } from '@/lib/api-client';

export const FEATURED_KEY = '/featured';

export const getFeatured = (path: string) => apiFetch<FeaturedResponse>(path);

export function useFeatured() {
  return useSWR<FeaturedResponse>(FEATURED_KEY, getFeatured, { revalidateIfStale: false });
}

export const FEATURED_ERROR = 'Failed to load the featured athletes and schools. Please try again later.';
