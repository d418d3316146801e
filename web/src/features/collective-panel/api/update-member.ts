// PUT /api/collectives/{id}/athletes/{athleteId}: a member's name, number, sport, position or status.
import type { AthleteResponse, UpdateMemberRequest } from '@shared/catalog/admin-api';
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';

export const updateMember = (collectiveId: number, athleteId: number, body: UpdateMemberRequest) =>
  apiSend<AthleteResponse>(`/collectives/${collectiveId}/athletes/${athleteId}`, 'PUT', body);

export const useUpdateMember = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `/collectives/${collectiveId}/athletes:update`, (arg: { athleteId: number; changes: UpdateMemberRequest }) =>
    updateMember(collectiveId, arg.athleteId, arg.changes),
  );
