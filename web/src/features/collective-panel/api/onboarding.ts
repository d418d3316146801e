// Onboarding without an operator (docs/ARCHITECTURE.md "Onboarding"): the collective's invites
// (GET/POST /api/collectives/{id}/invites, POST .../invites/{inviteId}/revoke) and the profile
// requests of its school (GET .../profile-requests, POST .../{requestId}/accept and /decline).
// Owner routes only (no demo twins): the reads are skipped (null key) for visitors.
import useSWR from 'swr';
import type { CreatedInvite, Invite, InviteRequest, InvitesResponse, ProfileRequest, ProfileRequestsResponse } from '@shared/onboarding/onboarding-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { useCollectiveWrite } from '@/features/collective-panel/api/refresh-collective';

export const invitesKey = (collectiveId: number) => `/collectives/${collectiveId}/invites`;
export const profileRequestsKey = (collectiveId: number) => `/collectives/${collectiveId}/profile-requests`;

export function useInvites(collectiveId: number, owner: boolean) {
  return useSWR<InvitesResponse>(owner ? invitesKey(collectiveId) : null, (path: string) => apiFetch<InvitesResponse>(path));
}

export function useProfileRequests(collectiveId: number, owner: boolean) {
  return useSWR<ProfileRequestsResponse>(owner ? profileRequestsKey(collectiveId) : null, (path: string) => apiFetch<ProfileRequestsResponse>(path));
}

export const useCreateInvite = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `${invitesKey(collectiveId)}:create`, (invite: InviteRequest) =>
    apiSend<CreatedInvite>(invitesKey(collectiveId), 'POST', invite),
  );

export const useRevokeInvite = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `${invitesKey(collectiveId)}:revoke`, (arg: { inviteId: string }) =>
    apiSend<Invite>(`${invitesKey(collectiveId)}/${arg.inviteId}/revoke`, 'POST'),
  );

export type RequestDecision = { requestId: string; accept: { number: string } } | { requestId: string; decline: { reason?: string } };

export const useDecideProfileRequest = (collectiveId: number) =>
  useCollectiveWrite(collectiveId, `${profileRequestsKey(collectiveId)}:decide`, (arg: RequestDecision) => {
    const path = `${profileRequestsKey(collectiveId)}/${arg.requestId}`;
    return 'accept' in arg ? apiSend<ProfileRequest>(`${path}/accept`, 'POST', arg.accept) : apiSend<ProfileRequest>(`${path}/decline`, 'POST', arg.decline);
  });
