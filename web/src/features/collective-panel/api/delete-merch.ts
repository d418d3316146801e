// DELETE /api/schools/{id}/merch/{merchId}.
import useSWRMutation from 'swr/mutation';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export const deleteMerch = (schoolId: number, merchId: number) => apiSend<null>(`/schools/${schoolId}/merch/${merchId}`, 'DELETE');

export function useDeleteMerch(collectiveId: number, schoolId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/schools/${schoolId}/merch:delete`,
    async (_key: string, { arg }: { arg: { merchId: number } }) => {
      await deleteMerch(schoolId, arg.merchId);
      await refresh();
    },
    { revalidate: false },
  );
}
