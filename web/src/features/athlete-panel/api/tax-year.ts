// GET /api/athletes/{id}/tax/{year} (demo twin under /demo): the athlete's own copy of a year's 1099
// forms, one row per payor, form and box; `format=csv` answers it as CSV.
import useSWR from 'swr';
import type { AthleteTaxYear } from '@shared/money/compliance-api';
import { apiFetch } from '@/lib/api-client';
import { ownerPath } from '@/features/athlete-panel/api/owner-path';

export const taxYearPath = (athleteId: number, own: boolean, year: number, extra = '') => ownerPath(own, `/athletes/${athleteId}/tax/${year}${extra}`);

export function useTaxYear(athleteId: number, own: boolean, year: number) {
  return useSWR<AthleteTaxYear>(taxYearPath(athleteId, own, year), (path: string) => apiFetch<AthleteTaxYear>(path));
}
