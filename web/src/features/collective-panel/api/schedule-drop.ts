// POST /api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/drop: schedules a moment drop of
// an approved card (decision 0022). Refreshes the collective's reads (the member's cards among
// them) once the server has it.
import type { OwnerCard, ScheduleDropRequest } from '@shared/cards/cards-api';
import { apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';

export const useScheduleDrop = (collectiveId: number, athleteId: number) =>
  useCollectiveWrite(
    collectiveId,
    `/collectives/${collectiveId}/athletes/${athleteId}/cards:drop`,
    ({ cardId, request }: { cardId: number; request: ScheduleDropRequest }) =>
      apiSend<OwnerCard>(`/collectives/${collectiveId}/athletes/${athleteId}/cards/${cardId}/drop`, 'POST', request),
  );
