// POST /api/collectives/{id}/unattributed/assign: one unattributed sale line to a member's card.
// The figures move once, server side; the stats and the catalog are then read again.
import useSWRMutation from 'swr/mutation';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from './refresh-collective';

export interface AssignLineRequest {
  orderId: string;
  lineItemId: string;
  athleteId: number;
  cardId: number;
}

export const assignUnattributed = (collectiveId: number, body: AssignLineRequest) =>
  apiSend<unknown>(`/collectives/${collectiveId}/unattributed/assign`, 'POST', body);

export function useAssignUnattributed(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/unattributed/assign`,
    async (_key: string, { arg }: { arg: AssignLineRequest }) => {
      await assignUnattributed(collectiveId, arg);
      await refresh();
    },
    { revalidate: false },
  );
}
