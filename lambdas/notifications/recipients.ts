// Recipients as table keys: an athlete's account `A{id}`, a collective's `C{id}`, a fan's
// `F{buyer key}` (the hash of the email, lambdas/identity/buyers.ts), an address with no account yet
// `E{hash of the address}`. A signed-in account is each recipient it can be (its athlete, its
// collective, its fan key), and reads the notices of each.
import type { Recipient } from '#shared/notifications/events';
import type { Audience } from '#shared/notifications/notification-rules';
import type { Principal } from '#lambdas/platform/auth';
import { hashEmail } from '#lambdas/identity/buyers';

export function recipientKey(r: Recipient): string {
  switch (r.kind) {
    case 'athlete':
      return `A${r.athleteId}`;
    case 'collective':
      return `C${r.collectiveId}`;
    case 'fan':
      return `F${r.buyerKey}`;
    case 'address':
      return `E${hashEmail(r.email)}`;
  }
}

/** The buyer key of a person's recipient (a fan `F<key>`, an address `E<hash>`: the same hash of the
 * email), whose tombstone says whether they were forgotten; null for an athlete or a collective. */
export const personOfRecipient = (key: string): string | null => (/^[FE][0-9a-f]{40}$/.test(key) ? key.slice(1) : null);

const RECIPIENT = /^(A\d{1,9}|C\d{1,9}|F[0-9a-f]{40}|E[0-9a-f]{40})$/;
export const isRecipientKey = (key: string): boolean => RECIPIENT.test(key);

/** The audience a recipient key belongs to (an address has none: it has no preferences page). */
export function audienceOf(key: string): Audience | null {
  return key.startsWith('A') ? 'athlete' : key.startsWith('C') ? 'collective' : key.startsWith('F') ? 'fan' : null;
}

/** Every recipient a signed-in account reads the notices of: its athlete, its collective, and
 * itself as a fan (by its verified email). */
export function recipientsOf(principal: Principal): Array<{ key: string; audience: Audience }> {
  const out: Array<{ key: string; audience: Audience }> = [];
  if (principal.athleteId !== null && principal.groups.includes('athlete')) out.push({ key: `A${principal.athleteId}`, audience: 'athlete' });
  if (principal.collectiveId !== null && principal.groups.includes('collective')) out.push({ key: `C${principal.collectiveId}`, audience: 'collective' });
  if (principal.email && principal.emailVerified) out.push({ key: `F${hashEmail(principal.email)}`, audience: 'fan' });
  return out;
}
