// POST /api/waitlist: joins the waiting list (201), or 400 with field errors.
import useSWRMutation from 'swr/mutation';
import type { WaitlistRequest } from '@shared/onboarding/onboarding-api';
import { apiSend } from '@/lib/api-client';

export const WAITLIST_PATH = '/waitlist';

export const joinWaitlist = (body: WaitlistRequest) => apiSend<unknown>(WAITLIST_PATH, 'POST', body);

/** The write as a mutation: `trigger(body)` resolves on 201 and throws the ApiError otherwise; nothing is cached. */
export function useJoinWaitlist() {
  return useSWRMutation(WAITLIST_PATH, (_key: string, { arg }: { arg: WaitlistRequest }) => joinWaitlist(arg));
}
