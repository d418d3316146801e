// POST /api/athletes/{id}/disclosure/{year}/reported {date, reference}: the athlete reported the
// year's NIL compensation (to NIL Go or the school). The answer is the updated record, put in the
// cache; the payouts answer (which carries the year's status) is read again.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { DisclosureRecord } from '@shared/api';
import { apiSend } from '@/lib/api-client';
import { disclosurePath } from './get-disclosure';
import { payoutsKey } from './get-payouts';

export interface ReportedValues {
  date: string;
  reference: string;
}

/** The server's rules (lambdas/functions/payouts.ts, the reported route): a day not in the
 * future, and a reference of 1 to 100 printable characters. */
export function validateReported(values: ReportedValues, today = new Date().toISOString().slice(0, 10)): Partial<Record<keyof ReportedValues, string>> {
  const errors: Partial<Record<keyof ReportedValues, string>> = {};
  const date = values.date.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || date > today)
    errors.date = 'must be the day it was reported (YYYY-MM-DD, not in the future)';
  if (!/^[\x20-\x7e]{1,100}$/.test(values.reference.trim())) errors.reference = 'is required: the NIL Go or school reference (at most 100 characters)';
  return errors;
}

export const markReported = (athleteId: number, year: number, values: ReportedValues) =>
  apiSend<DisclosureRecord>(`/athletes/${athleteId}/disclosure/${year}/reported`, 'POST', { date: values.date.trim(), reference: values.reference.trim() });

export function useMarkReported(athleteId: number, year: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(disclosurePath(athleteId, true, year), (_key: string, { arg }: { arg: ReportedValues }) => markReported(athleteId, year, arg), {
    populateCache: (record: DisclosureRecord) => record,
    revalidate: false,
    onSuccess: () => void mutate(payoutsKey(athleteId, true)),
  });
}
