// POST /api/athletes/{id}/disclosure/{year}/reported {date, reference}: the athlete reported the
// year's NIL compensation (to NIL Go or the school). The answer is the updated record, put in the
// cache; the payouts answer (which carries the year's status) is read again.
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { DisclosureRecord } from '@shared/money/payouts-api';
import { reportedErrors, type ReportedRequest } from '@shared/money/payouts-api';
import { apiSend } from '@/lib/api-client';
import { disclosurePath } from '@/features/athlete-panel/api/get-disclosure';
import { payoutsKey } from '@/features/athlete-panel/api/get-payouts';

export type ReportedValues = ReportedRequest;

/** The server's rules (shared/money/payouts-api.ts): a day not in the future, and a reference of 1 to
 * 100 printable characters. */
export const validateReported = (values: ReportedValues, today = new Date().toISOString().slice(0, 10)) => reportedErrors(values, today);

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
