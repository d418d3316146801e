// The settings' writes (shared/admin-api.ts) and what they refresh afterwards: the catalog (read
// past the browser's HTTP cache so a reload shows the change) and the collective's stats.
import { mutate } from 'swr';
import type {
  AthleteResponse,
  CreateAthleteRequest,
  MerchRequest,
  MerchResponse,
  SchoolColorsRequest,
  SchoolResponse,
  UpdateMemberRequest,
  UploadResponse,
} from '@shared/admin-api';
import { checkImageFile } from '@shared/admin-api';
import type { Catalog } from '@shared/catalog-types';
import { ApiError, apiFetch, apiSend } from '@/lib/api-client';
import { CATALOG_KEY } from '@/config/api';
import { collectiveStatsKey } from './get-collective-stats';

export async function refreshAfterWrite(collectiveId: number): Promise<void> {
  await Promise.all([
    mutate(CATALOG_KEY, apiFetch<Catalog>(CATALOG_KEY, { cache: 'reload' }), { revalidate: false }),
    mutate(collectiveStatsKey(collectiveId)),
  ]);
}

export const createAthlete = (collectiveId: number, body: CreateAthleteRequest) =>
  apiSend<AthleteResponse>(`/collectives/${collectiveId}/athletes`, 'POST', body);
export const updateMember = (collectiveId: number, athleteId: number, body: UpdateMemberRequest) =>
  apiSend<AthleteResponse>(`/collectives/${collectiveId}/athletes/${athleteId}`, 'PUT', body);
export const removeMember = (collectiveId: number, athleteId: number) => apiSend<null>(`/collectives/${collectiveId}/athletes/${athleteId}`, 'DELETE');
export const saveSchoolColors = (schoolId: number, body: SchoolColorsRequest) => apiSend<SchoolResponse>(`/schools/${schoolId}/colors`, 'PUT', body);
export const createMerch = (schoolId: number, body: MerchRequest) => apiSend<MerchResponse>(`/schools/${schoolId}/merch`, 'POST', body);
export const updateMerch = (schoolId: number, merchId: number, body: MerchRequest) =>
  apiSend<MerchResponse>(`/schools/${schoolId}/merch/${merchId}`, 'PUT', body);
export const deleteMerch = (schoolId: number, merchId: number) => apiSend<null>(`/schools/${schoolId}/merch/${merchId}`, 'DELETE');

/** Uploads an image (checked here first, then by the server) and answers the URL it is served at. */
export async function uploadImage(file: File): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new ApiError(400, 'validation', problem, { image: problem });
  const ticket = await apiSend<UploadResponse>('/uploads', 'POST', { contentType: file.type, size: file.size });
  let response: Response;
  try {
    response = await fetch(ticket.uploadUrl, { method: ticket.method, headers: ticket.headers, body: file });
  } catch {
    throw new ApiError(0, 'network_error', 'The image upload failed. Please try again.', { image: 'The image upload failed. Please try again.' });
  }
  if (!response.ok) {
    let message = 'The image upload failed. Please try again.';
    try {
      const body = (await response.json()) as { error?: { message?: string; fields?: Record<string, string> } };
      message = body.error?.fields?.file ?? body.error?.message ?? message;
    } catch {
      // S3 answers XML; keep the generic message
    }
    throw new ApiError(response.status, 'upload_failed', message, { image: message });
  }
  return ticket.imageUrl;
}
