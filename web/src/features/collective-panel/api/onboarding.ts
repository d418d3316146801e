// Onboarding without an operator (docs/ARCHITECTURE.md "Onboarding"): the collective's invites
// (GET/POST /api/collectives/{id}/invites, POST .../invites/{inviteId}/revoke) and the profile
// requests of its school (GET .../profile-requests, POST .../{requestId}/accept and /decline).
// Owner routes only (no demo twins): the reads are skipped (null key) for visitors.
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type { CreatedInvite, Invite, InviteRequest, InvitesResponse, ProfileRequest, ProfileRequestsResponse } from '@shared/onboarding/onboarding-api';
import { apiFetch, apiSend } from '@/lib/api-client';
import { useRefreshCollective } from '@/features/collective-panel/api/refresh-collective';

export const invitesKey = (collectiveId: number) => `/collectives/${collectiveId}/invites`;
export const profileRequestsKey = (collectiveId: number) => `/collectives/${collectiveId}/profile-requests`;

export function useInvites(collectiveId: number, owner: boolean) {
  return useSWR<InvitesResponse>(owner ? invitesKey(collectiveId) : null, (path: string) => apiFetch<InvitesResponse>(path));
}

export function useProfileRequests(collectiveId: number, owner: boolean) {
  return useSWR<ProfileRequestsResponse>(owner ? profileRequestsKey(collectiveId) : null, (path: string) => apiFetch<ProfileRequestsResponse>(path));
}

export function useCreateInvite(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `${invitesKey(collectiveId)}:create`,
    async (_key: string, { arg }: { arg: InviteRequest }) => {
      const created = await apiSend<CreatedInvite>(invitesKey(collectiveId), 'POST', arg);
      await refresh();
      return created;
    },
    { revalidate: false },
  );
}

export function useRevokeInvite(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `${invitesKey(collectiveId)}:revoke`,
    async (_key: string, { arg }: { arg: { inviteId: string } }) => {
      const revoked = await apiSend<Invite>(`${invitesKey(collectiveId)}/${arg.inviteId}/revoke`, 'POST');
      await refresh();
      return revoked;
    },
    { revalidate: false },
  );
}

export type RequestDecision = { requestId: string; accept: { number: string } } | { requestId: string; decline: { reason?: string } };

export function useDecideProfileRequest(collectiveId: number) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    `${profileRequestsKey(collectiveId)}:decide`,
    async (_key: string, { arg }: { arg: RequestDecision }) => {
      const path = `${profileRequestsKey(collectiveId)}/${arg.requestId}`;
      const decided =
        'accept' in arg
          ? await apiSend<ProfileRequest>(`${path}/accept`, 'POST', arg.accept)
          : await apiSend<ProfileRequest>(`${path}/decline`, 'POST', arg.decline);
      await refresh();
      return decided;
    },
    { revalidate: false },
  );
}
