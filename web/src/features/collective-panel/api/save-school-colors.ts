// PUT /api/schools/{id}/colors: the school's primary, secondary and accent colours.
import useSWRMutation from 'swr/mutation';
import type { SchoolColorsRequest, SchoolResponse } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export const saveSchoolColors = (schoolId: number, body: SchoolColorsRequest) => apiSend<SchoolResponse>(`/schools/${schoolId}/colors`, 'PUT', body);

export function useSaveSchoolColors(collectiveId: number, schoolId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `/schools/${schoolId}/colors`,
    async (_key: string, { arg }: { arg: SchoolColorsRequest }) => {
      const saved = await saveSchoolColors(schoolId, arg);
      await refresh();
      return saved;
    },
    { revalidate: false },
  );
}
