// The operators' console, collective applications: GET /api/operator/applications?status= (newest
// first, paged by cursor), POST .../{applicationId}/approve and .../{applicationId}/decline (with
// the reason the applicant sees). A decision reads the list again.
import useSWRInfinite from 'swr/infinite';
import type { ApplicationState, ApplicationsResponse, CollectiveApplication } from '@shared/onboarding/collective-signup-api';
import { apiFetch, apiSend } from '@/lib/api-client';

export const APPLICATIONS_PAGE = 25;

const pageKey = (state: ApplicationState, cursor?: string | null) =>
  `/operator/applications?status=${state}&limit=${APPLICATIONS_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

export function useApplications(state: ApplicationState) {
  return useSWRInfinite<ApplicationsResponse>(
    (index, previous: ApplicationsResponse | null) => (index === 0 ? pageKey(state) : previous?.nextCursor ? pageKey(state, previous.nextCursor) : null),
    (path: string) => apiFetch<ApplicationsResponse>(path),
    { revalidateFirstPage: true },
  );
}

const path = (id: string, action: 'approve' | 'decline') => `/operator/applications/${encodeURIComponent(id)}/${action}`;

export const approveApplication = (id: string) => apiSend<CollectiveApplication>(path(id, 'approve'), 'POST');
export const declineApplication = (id: string, reason: string) => apiSend<CollectiveApplication>(path(id, 'decline'), 'POST', { reason });
