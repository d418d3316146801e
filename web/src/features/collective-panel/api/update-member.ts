// PUT /api/collectives/{id}/athletes/{athleteId}: a member's name, number, sport, position or status.
import useSWRMutation from 'swr/mutation';
import type { AthleteResponse, UpdateMemberRequest } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export const updateMember = (collectiveId: number, athleteId: number, body: UpdateMemberRequest) =>
  apiSend<AthleteResponse>(`/collectives/${collectiveId}/athletes/${athleteId}`, 'PUT', body);

export function useUpdateMember(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/athletes:update`,
    async (_key: string, { arg }: { arg: { athleteId: number; changes: UpdateMemberRequest } }) => {
      const updated = await updateMember(collectiveId, arg.athleteId, arg.changes);
      await refresh();
      return updated;
    },
    { revalidate: false },
  );
}
