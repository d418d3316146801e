// POST /api/schools/{id}/merch and PUT /api/schools/{id}/merch/{merchId}: a school's merchandise
// item, new or changed (with its image uploaded first when one was chosen).
import type { MerchRequest, MerchResponse } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';
import { uploadImage } from '@/lib/upload-image';

export const createMerch = (schoolId: number, body: MerchRequest) => apiSend<MerchResponse>(`/schools/${schoolId}/merch`, 'POST', body);
export const updateMerch = (schoolId: number, merchId: number, body: MerchRequest) =>
  apiSend<MerchResponse>(`/schools/${schoolId}/merch/${merchId}`, 'PUT', body);

export const useSaveMerch = (collectiveId: number, schoolId: number) =>
  useCollectiveWrite(collectiveId, `/schools/${schoolId}/merch`, async (arg: { merchId: number | null; item: MerchRequest; image: File | null }) => {
    const image = arg.image ? await uploadImage(arg.image) : arg.item.image;
    const body = { ...arg.item, image };
    return arg.merchId === null ? createMerch(schoolId, body) : updateMerch(schoolId, arg.merchId, body);
  });
