// GET /api/athletes/{id}/nil-go (demo twin under /demo): the athlete's NIL Go records over its
// eligibility period and the one to report now; POST /api/athletes/{id}/nil-go/{recordId}/reported
// records a report (the answer is the records again, put in the cache; the payouts are read again).
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { NilGoView } from '@shared/money/compliance-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { ownerPath } from '@/features/athlete-panel/api/owner-path';
import { payoutsKey } from '@/features/athlete-panel/api/get-payouts';

export const nilGoKey = (athleteId: number | null, own: boolean) => (athleteId === null ? null : ownerPath(own, `/athletes/${athleteId}/nil-go`));

export function useNilGo(athleteId: number | null, own: boolean) {
  return useSWR<NilGoView>(nilGoKey(athleteId, own), (path: string) => apiFetch<NilGoView>(path));
}

export function useReportNilGo(athleteId: number) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    nilGoKey(athleteId, true),
    (_key: string, { arg }: { arg: { recordId: string; date: string; reference: string } }) =>
      apiSend<NilGoView>(`/athletes/${athleteId}/nil-go/${encodeURIComponent(arg.recordId)}/reported`, 'POST', { date: arg.date, reference: arg.reference }),
    { populateCache: (view: NilGoView) => view, revalidate: false, onSuccess: () => void mutate(payoutsKey(athleteId, true)) },
  );
}
