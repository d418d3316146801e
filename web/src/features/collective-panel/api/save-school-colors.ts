// PUT /api/schools/{id}/colors: the school's primary, secondary and accent colours.
import type { SchoolColorsRequest, SchoolResponse } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';

export const saveSchoolColors = (schoolId: number, body: SchoolColorsRequest) => apiSend<SchoolResponse>(`/schools/${schoolId}/colors`, 'PUT', body);

export const useSaveSchoolColors = (collectiveId: number, schoolId: number) =>
  useCollectiveWrite(collectiveId, `/schools/${schoolId}/colors`, (colors: SchoolColorsRequest) => saveSchoolColors(schoolId, colors));
