// Waiting-list submissions, one item per email (a resubmission updates it, never duplicates).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WaitlistRequest } from '#shared/onboarding/onboarding-api';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';

export async function saveWaitlistEntry(
  entry: Required<Pick<WaitlistRequest, 'firstName' | 'lastName' | 'email'>> & Pick<WaitlistRequest, 'details' | 'school'>,
  now = new Date(),
): Promise<void> {
  const email = entry.email.trim().toLowerCase();
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.waitlist(email),
        firstName: entry.firstName,
        lastName: entry.lastName,
        email,
        details: entry.details ?? '',
        school: entry.school ?? null,
        submittedAt: now.toISOString(),
      },
    }),
  );
}
