// GET /api/storefront: the front door's cards (new and live, almost sold out) and the featured
// schools and athletes. A link to / is rendered on request with this answer (app/routes.tsx serverData).
import useSWR from 'swr';
import type { StorefrontResponse } from '@shared/catalog/storefront-api';
import { apiFetch } from '@/lib/api-client';

export const STOREFRONT_KEY = '/storefront';

export function useStorefront() {
  return useSWR<StorefrontResponse>(STOREFRONT_KEY, (path: string) => apiFetch<StorefrontResponse>(path), { revalidateIfStale: false });
}

export const STOREFRONT_ERROR = 'Failed to load the cards on sale. Please try again later.';
