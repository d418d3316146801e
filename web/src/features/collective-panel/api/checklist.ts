// A new collective's checklist (GET /api/collectives/{id}/checklist, POST .../checklist/dismiss):
// owner routes only (the read is skipped for visitors, null key). Read again when the dashboard
// comes back into view, so a step done in another tab (Stripe's onboarding) shows as done.
import useSWR from 'swr';
import type { ChecklistResponse } from '@shared/onboarding/collective-signup-api';
import { apiFetch, apiSend } from '@/lib/api-client';

export const checklistKey = (collectiveId: number) => `/collectives/${collectiveId}/checklist`;

export function useChecklist(collectiveId: number, owner: boolean) {
  return useSWR<ChecklistResponse>(owner ? checklistKey(collectiveId) : null, (path: string) => apiFetch<ChecklistResponse>(path), {
    revalidateOnFocus: true,
  });
}

export const dismissChecklist = (collectiveId: number) => apiSend<ChecklistResponse>(`${checklistKey(collectiveId)}/dismiss`, 'POST');
