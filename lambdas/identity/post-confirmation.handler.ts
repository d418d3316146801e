// Cognito's post-confirmation trigger: once a sign-up's email is confirmed, the person's age band
// (the immutable `custom:ageBand` the pre sign-up trigger checked) is recorded under the buyer key of
// that email (lambdas/identity/age-bands.ts), so the public lists can leave minors off. A Google
// account has no band yet: it is recorded as unknown, which keeps it off the public lists until it
// answers the birth-date question. A tombstone left by an earlier account of the same email that was
// deleted (forgotten.ts) goes: this is a new account, which may follow and be told again. Local
// mode's Cognito stand-in calls this same module.
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { AGE_BAND_ATTRIBUTE, isAgeBand } from '#shared/platform/age';
import { dynamoStore } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';
import { recordAgeBand } from './age-bands';
import { hashEmail } from './buyers';
import { forgottenKey } from './forgotten';

export async function confirmed(event: PostConfirmationTriggerEvent, store: Store, now: () => string): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attributes = event.request.userAttributes;
  const email = typeof attributes.email === 'string' ? attributes.email.trim() : '';
  if (!email) return event;
  const band = attributes[AGE_BAND_ATTRIBUTE];
  await store.write({ delete: forgottenKey(hashEmail(email)) });
  await recordAgeBand(store, hashEmail(email), isAgeBand(band) ? { band, source: 'sign-up', at: now() } : { band: 'unknown', source: 'google', at: now() });
  return event;
}

export const handler = (event: PostConfirmationTriggerEvent) => confirmed(event, dynamoStore, () => new Date().toISOString());
