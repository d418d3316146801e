// POST /api/collectives/{id}/athletes: a new member profile (with its image uploaded first).
import useSWRMutation from 'swr/mutation';
import type { AthleteResponse, CreateAthleteRequest } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';
import { uploadImage } from '@/lib/upload-image';

export const createAthlete = (collectiveId: number, body: CreateAthleteRequest) =>
  apiSend<AthleteResponse>(`/collectives/${collectiveId}/athletes`, 'POST', body);

export function useCreateAthlete(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/collectives/${collectiveId}/athletes`,
    async (_key: string, { arg }: { arg: { profile: CreateAthleteRequest; image: File | null } }) => {
      const image = arg.image ? await uploadImage(arg.image) : undefined;
      const created = await createAthlete(collectiveId, { ...arg.profile, ...(image ? { image } : {}) });
      await refresh();
      return created;
    },
    { revalidate: false },
  );
}
