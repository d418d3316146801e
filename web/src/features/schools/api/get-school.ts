// GET /api/schools/{id}: the school (colours), each sport's roster size and first athletes, its merch.
import useSWR from 'swr';
import type { SchoolPageResponse } from '@shared/catalog/catalog-api';
import { apiFetch } from '@/lib/api-client';
import { withHandOff } from '@/lib/prime-handoff';

export const schoolKey = (id: number | null) => (id === null ? null : `/schools/${id}`);

// A deep link's first read of this path is handed over by the route's prime (lib/prime-handoff.ts).
export const getSchool = withHandOff((path: string) => apiFetch<SchoolPageResponse>(path));

export function useSchool(id: number | null) {
  return useSWR<SchoolPageResponse>(schoolKey(id), getSchool, { revalidateIfStale: false });
}

export const SCHOOL_ERROR = 'Failed to load the school. Please try again later.';
