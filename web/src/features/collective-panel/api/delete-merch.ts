// DELETE /api/schools/{id}/merch/{merchId}.
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';

export const deleteMerch = (schoolId: number, merchId: number) => apiSend<null>(`/schools/${schoolId}/merch/${merchId}`, 'DELETE');

export const useDeleteMerch = (collectiveId: number, schoolId: number) =>
  useCollectiveWrite(collectiveId, `/schools/${schoolId}/merch:delete`, async (arg: { merchId: number }) => {
    await deleteMerch(schoolId, arg.merchId);
  });
