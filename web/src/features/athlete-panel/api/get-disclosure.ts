// GET /api/athletes/{id}/disclosure?year= (demo twin under /demo): the NIL disclosure record of a
// year (payor, services, compensation, term, earned and paid, payments, the $600 threshold, when
// it was crossed, the deadline, and whether it was reported). `format=csv` answers it as CSV.
import useSWR from 'swr';
import type { DisclosureRecord } from '@shared/money/payouts-api';
import { apiFetch } from '@/lib/api-client';
import { ownerPath } from '@/features/athlete-panel/api/owner-path';

export const disclosurePath = (athleteId: number, own: boolean, year: number, extra = '') =>
  ownerPath(own, `/athletes/${athleteId}/disclosure?year=${year}${extra}`);

export function useDisclosure(athleteId: number | null, own: boolean, year: number) {
  return useSWR<DisclosureRecord>(athleteId === null ? null : disclosurePath(athleteId, own, year), (path: string) => apiFetch<DisclosureRecord>(path));
}
