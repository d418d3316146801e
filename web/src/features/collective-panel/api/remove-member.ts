// DELETE /api/collectives/{id}/athletes/{athleteId}: the athlete leaves the collective (their
// profile and cards stay on the marketplace).
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';

export const removeMember = (collectiveId: number, athleteId: number) => apiSend<null>(`/collectives/${collectiveId}/athletes/${athleteId}`, 'DELETE');

export const useRemoveMember = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `/collectives/${collectiveId}/athletes:remove`, async (arg: { athleteId: number }) => {
    await removeMember(collectiveId, arg.athleteId);
  });
