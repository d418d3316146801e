// GET /api/invites/{code} (signed in): what an invite is for (the athlete, the collective, the
// invited address masked, its state and expiry). A `null` key (signed out) skips the request.
import useSWR from 'swr';
import type { InvitePreview } from '@shared/onboarding/onboarding-api';
import { apiFetch } from '@/lib/api-client';

export const inviteKey = (code: string, signedIn: boolean) => (signedIn && code ? `/invites/${encodeURIComponent(code)}` : null);

export function useInvite(code: string, signedIn: boolean) {
  return useSWR<InvitePreview>(inviteKey(code, signedIn), (path: string) => apiFetch<InvitePreview>(path), { revalidateOnFocus: false });
}
