// GET /api/featured: the demo home's carousels (the first schools, the last athletes; up to 6 each).
import useSWR from 'swr';
import type { FeaturedResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';
import { withHandOff } from '@/lib/prime-handoff';

export const FEATURED_KEY = '/featured';

// A deep link's first read of this path is handed over by the route's prime (lib/prime-handoff.ts).
export const getFeatured = withHandOff((path: string) => apiFetch<FeaturedResponse>(path));

export function useFeatured() {
  return useSWR<FeaturedResponse>(FEATURED_KEY, getFeatured, { revalidateIfStale: false });
}

export const FEATURED_ERROR = 'Failed to load the featured athletes and schools. Please try again later.';
