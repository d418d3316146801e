// POST /api/collectives/{id}/unattributed/assign: one unattributed sale line to a member's card.
// The server accepts it (202) and the settle step applies it a moment later, exactly once; so the
// stats are read again at once and once more after SETTLE_DELAY_MS, when the figures have moved.
import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import { apiSend } from '@/lib/api-client';
import { collectiveStatsKey } from '@/features/collective-panel/api/get-collective-stats';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export const SETTLE_DELAY_MS = 1500;

export interface AssignLineRequest {
  orderId: string;
  lineItemId: string;
  athleteId: number;
  cardId: number;
}

/** 'applied'/'accepted' (202: pending settlement) or 'unchanged' (200: the same assignment again). */
export interface AssignResponse {
  ok: boolean;
  outcome: string;
}

export const assignUnattributed = (collectiveId: number, body: AssignLineRequest) =>
  apiSend<AssignResponse>(`/collectives/${collectiveId}/unattributed/assign`, 'POST', body);

export function useAssignUnattributed(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `/collectives/${collectiveId}/unattributed/assign`,
    async (_key: string, { arg }: { arg: AssignLineRequest }) => {
      const answer = await assignUnattributed(collectiveId, arg);
      await refresh();
      const pending = answer?.outcome !== 'unchanged';
      if (pending) {
        setTimeout(() => {
          // The panel may be gone by then (its cache with it): nothing to refresh.
          Promise.resolve()
            .then(() => mutate(collectiveStatsKey(collectiveId)))
            .catch(() => undefined);
        }, SETTLE_DELAY_MS);
      }
      return { pending };
    },
    { revalidate: false },
  );
}
