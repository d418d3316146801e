// POST /api/waitlist: joins the waiting list (201), or 400 with field errors.
import useSWRMutation from 'swr/mutation';
import { isValidEmail, type WaitlistRequest } from '@shared/api';
import { apiSend } from '@/lib/api-client';

export const WAITLIST_PATH = '/waitlist';

export const joinWaitlist = (body: WaitlistRequest) => apiSend<unknown>(WAITLIST_PATH, 'POST', body);

/** The write as a mutation: `trigger(body)` resolves on 201 and throws the ApiError otherwise; nothing is cached. */
export function useJoinWaitlist() {
  return useSWRMutation(WAITLIST_PATH, (_key: string, { arg }: { arg: WaitlistRequest }) => joinWaitlist(arg));
}

export type WaitlistErrors = Partial<Record<'firstName' | 'lastName' | 'email', string>>;

/** First name, last name and email are required; the email must be valid; details are optional. */
export function validateWaitlist(values: WaitlistRequest): WaitlistErrors {
  const errors: WaitlistErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required.';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required.';
  if (!values.email.trim()) errors.email = 'Email is required.';
  else if (!isValidEmail(values.email)) errors.email = 'Please enter a valid email address.';
  return errors;
}
