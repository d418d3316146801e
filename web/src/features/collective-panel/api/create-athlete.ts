// POST /api/collectives/{id}/athletes: a new member profile (with its image uploaded first).
import type { AthleteResponse, CreateAthleteRequest } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';
import { uploadImage } from '@/lib/upload-image';

export const createAthlete = (collectiveId: number, body: CreateAthleteRequest) =>
  apiSend<AthleteResponse>(`/collectives/${collectiveId}/athletes`, 'POST', body);

export const useCreateAthlete = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `/collectives/${collectiveId}/athletes`, async (arg: { profile: CreateAthleteRequest; image: File | null }) => {
    const image = arg.image ? await uploadImage(arg.image) : undefined;
    return createAthlete(collectiveId, { ...arg.profile, ...(image ? { image } : {}) });
  });
