// DELETE /api/collectives/{id}/athletes/{athleteId}: the athlete leaves the collective (their
// profile and cards stay on the marketplace).
import useSWRMutation from 'swr/mutation';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export const removeMember = (collectiveId: number, athleteId: number) => apiSend<null>(`/collectives/${collectiveId}/athletes/${athleteId}`, 'DELETE');

export function useRemoveMember(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/athletes:remove`,
    async (_key: string, { arg }: { arg: { athleteId: number } }) => {
      await removeMember(collectiveId, arg.athleteId);
      await refresh();
    },
    { revalidate: false },
  );
}
