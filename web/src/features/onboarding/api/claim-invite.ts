// POST /api/invites/{code}/claim: links the signed-in account (the invited, verified email) to the
// athlete. The server sets the account's athlete link and group; the session's tokens are then
// refreshed so the new ID token carries them (custom:athleteId, the athlete group) before the
// athlete panel opens.
import useSWRMutation from 'swr/mutation';
import type { ClaimResponse } from '@shared/onboarding/onboarding-api';
import { apiSend } from '@/lib/api-client';
import { refreshSession, type Session } from '@/lib/auth/session-store';

export const claimInvite = (code: string) => apiSend<ClaimResponse>(`/invites/${encodeURIComponent(code)}/claim`, 'POST');

/** True once the session's ID token names the athlete as this account's. */
export const sessionHasAthlete = (session: Session | null, athleteId: number) =>
  Boolean(session?.claims['cognito:groups']?.includes('athlete') && session.claims['custom:athleteId'] === String(athleteId));

export function useClaimInvite(code: string) {
  return useSWRMutation(`claim:${code}`, async () => {
    const claimed = await claimInvite(code);
    const session = await refreshSession();
    return { ...claimed, linked: sessionHasAthlete(session, claimed.athleteId) };
  });
}
