// A deleted person's tombstone (keys.personForgotten; issue 32 item 2): the forget function writes it
// first (lambdas/notifications/forget-person.ts), and every writer of a person's own items puts
// `notForgotten` in its transaction, so a follow, a profile, a follower's notice or an email racing
// the deletion, or arriving after it, is refused instead of reaching a person who is gone. It keeps
// nothing but its key and dates, for FORGOTTEN_DAYS (the table's TTL; an expired one that the TTL has
// not removed yet counts as gone), and a new sign-up with the same email removes it
// (post-confirmation.handler.ts): that is a new account, which may follow and be told again. Its key
// is a keyed hash of the buyer key (the deployment's pseudonym salt, as buyers.ts buyerAlias), so the
// forgotten person's buyer key, the hash of their email, is stored nowhere, and nobody reading the
// table can confirm a guessed email was a deleted account.
import { createHmac } from 'node:crypto';
import { config } from '#lambdas/platform/config';
import { HttpError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Condition, Item, Store, Write } from '#lambdas/platform/store';

/** Longer than anything in flight lives (an outbox item is decided within hours, a fan-out within minutes). */
export const FORGOTTEN_DAYS = 30;

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The tombstone's id: a keyed hash of the buyer key. */
export const tombstoneId = (buyerKey: string, salt = config().buyerAliasSalt): string =>
  createHmac('sha256', salt).update(`forgotten:${buyerKey}`).digest('hex').slice(0, 40);

/** The person's tombstone key. */
export const forgottenKey = (buyerKey: string) => keys.personForgotten(tombstoneId(buyerKey));

export function forgottenTombstone(buyerKey: string, now: Date): Item {
  return {
    ...forgottenKey(buyerKey),
    type: 'forgotten',
    forgottenAt: now.toISOString(),
    expiresAt: epochSeconds(now) + FORGOTTEN_DAYS * 86_400,
  };
}

/** The tombstone is absent, or expired. */
const absent = (now: Date): Condition => ({ or: [{ notExists: true }, { field: 'expiresAt', below: epochSeconds(now) }] });

/** A transaction's check that the person was not forgotten (StoreConflict when they were). */
export const notForgotten = (buyerKey: string, now = new Date()): Write => ({ check: forgottenKey(buyerKey), condition: absent(now) });

/** Whether the person was forgotten (a read, for the places that decide before they write). */
export async function isForgotten(store: Store, buyerKey: string, now = new Date()): Promise<boolean> {
  const key = forgottenKey(buyerKey);
  const item = (await store.get([key])).get(keyString(key));
  return item !== undefined && Number(item.expiresAt ?? Infinity) >= epochSeconds(now);
}

/** 410: a request of an account that was deleted (its sign-in token outlives it by up to an hour). */
export class AccountForgotten extends HttpError {
  constructor() {
    super(410, 'account_deleted', 'This account was deleted: nothing more is recorded for it');
  }
}
