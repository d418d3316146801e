// Waiting-list submissions, one item per email (a resubmission updates it, never duplicates).
import type { WaitlistRequest } from '#shared/onboarding/onboarding-api';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore as store } from '#lambdas/platform/store';

export async function saveWaitlistEntry(
  entry: Required<Pick<WaitlistRequest, 'firstName' | 'lastName' | 'email'>> & Pick<WaitlistRequest, 'details' | 'school'>,
  now = new Date(),
): Promise<void> {
  const email = entry.email.trim().toLowerCase();
  await store.write({
    put: {
      ...keys.waitlist(email),
      firstName: entry.firstName,
      lastName: entry.lastName,
      email,
      details: entry.details ?? '',
      school: entry.school ?? null,
      submittedAt: now.toISOString(),
    },
  });
}
