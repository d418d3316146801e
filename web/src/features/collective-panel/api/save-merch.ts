// POST /api/schools/{id}/merch and PUT /api/schools/{id}/merch/{merchId}: a school's merchandise
// item, new or changed (with its image uploaded first when one was chosen).
import useSWRMutation from 'swr/mutation';
import type { MerchRequest, MerchResponse } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';
import { uploadImage } from '@/lib/upload-image';

export const createMerch = (schoolId: number, body: MerchRequest) => apiSend<MerchResponse>(`/schools/${schoolId}/merch`, 'POST', body);
export const updateMerch = (schoolId: number, merchId: number, body: MerchRequest) =>
  apiSend<MerchResponse>(`/schools/${schoolId}/merch/${merchId}`, 'PUT', body);

export function useSaveMerch(collectiveId: number, schoolId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/schools/${schoolId}/merch`,
    async (_key: string, { arg }: { arg: { merchId: number | null; item: MerchRequest; image: File | null } }) => {
      const image = arg.image ? await uploadImage(arg.image) : arg.item.image;
      const body = { ...arg.item, image };
      const saved = arg.merchId === null ? await createMerch(schoolId, body) : await updateMerch(schoolId, arg.merchId, body);
      await refresh();
      return saved;
    },
    { revalidate: false },
  );
}
