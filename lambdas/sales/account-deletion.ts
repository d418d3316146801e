// A fan deleting their own account (issue 23), confirmed by a code emailed to the account's address:
// - requestDeletion: a 6-digit code (only its SHA-256 is kept, with its expiry and the tries left) on
//   the person's item keyed by the account's buyer key (keys.personDeletion), emailed through the SES
//   client (locally it arrives in /local-mail/). Asking again sends a new code (not within a minute:
//   the code's item is written under a condition on the one read, so two requests at once send one).
// - confirmDeletion: the right code, in time (5 tries), starts the deletion: the request goes in the
//   operators' privacy queue with the CCPA's timelines, every order under the account's email is
//   redacted exactly as Shopify's customers/redact does (a pseudonym through the exactly-once
//   ingestion path: the cards and serials stay as an anonymous collector's, the ledger and every figure
//   stay), the person is forgotten (lambdas/notifications/forget-person.ts: their tombstone, then
//   every item keys.personKeyedFamilies lists as forgotten), and the Cognito user is removed
//   (identity-admin's AdminDeleteUser); the code goes last. Each step is idempotent: a confirmation
//   that failed part-way is finished by confirming again with the same code.
// - A try is counted before the code is compared: `tries` moves up under the condition that it is
//   below MAX_TRIES (and the code is still the one read), and only a try that won that write is
//   compared, so 40 codes sent at once compare at most MAX_TRIES (issue 32 item 3).
// Accounts that run an athlete's or a collective's panel, or the operators', are not deleted here.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { DeletionDone, DeletionRequested } from '#shared/sales/account-api';
import type { OrderEvent } from '#shared/orders/contribution';
import { hashEmail } from '#lambdas/identity/buyers';
import { identityAdmin } from '#lambdas/identity/identity-admin';
import { recordAccountRequest, redactAccount } from '#lambdas/orders/privacy';
import { forgetPerson } from '#lambdas/notifications/forget-person';
import type { Principal } from '#lambdas/platform/auth';
import { Conflict, ValidationError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString, versionIs } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

export const CODE_TTL_MS = 30 * 60_000;
export const MAX_TRIES = 5;
export const RESEND_AFTER_MS = 60_000;

const codeHash = (buyerKey: string, code: string) => createHash('sha256').update(`${buyerKey}:${code}`).digest('hex');

async function readDeletion(store: Store, buyerKey: string): Promise<Item | undefined> {
  const key = keys.personDeletion(buyerKey);
  return (await store.get([key])).get(keyString(key));
}

/** A pending deletion as the account page shows it (null: none, or its code has expired). */
export async function pendingDeletion(store: Store, buyerKey: string, now: string): Promise<{ requestedAt: string; expiresAt: string } | null> {
  const item = await readDeletion(store, buyerKey);
  if (!item || String(item.expiresAt) <= now) return null;
  return { requestedAt: String(item.requestedAt), expiresAt: String(item.expiresAt) };
}

/** Why this account cannot delete itself here (null: it can). */
export function notDeletable(principal: Principal): string | null {
  if (principal.groups.some((g) => g !== 'buyer') || principal.athleteId !== null || principal.collectiveId !== null)
    return "This account runs an athlete's or a collective's panel: ask the platform's operators to close it, so its payouts and records are handed over first";
  return null;
}

export interface DeletionMail {
  send(message: { to: string; subject: string; text: string }): Promise<unknown>;
}

export async function requestDeletion(store: Store, input: { principal: Principal; email: string; now: Date; mail: DeletionMail }): Promise<DeletionRequested> {
  const refused = notDeletable(input.principal);
  if (refused) throw new Conflict(refused);
  const buyerKey = hashEmail(input.email);
  const existing = await readDeletion(store, buyerKey);
  if (existing && Date.parse(String(existing.requestedAt)) > input.now.getTime() - RESEND_AFTER_MS)
    throw new Conflict('A code was sent less than a minute ago: check your email, or ask again in a minute');
  const code = String(randomInt(100_000, 1_000_000));
  const expiresAt = new Date(input.now.getTime() + CODE_TTL_MS).toISOString();
  const version = Number(existing?.version ?? 0);
  const written = await store
    .write({
      put: {
        ...keys.personDeletion(buyerKey),
        type: 'personDeletion',
        codeHash: codeHash(buyerKey, code),
        tries: 0,
        requestedAt: input.now.toISOString(),
        expiresAt,
        version: version + 1,
        // A deletion that was confirmed and failed part-way keeps its request, to finish it.
        ...(existing?.requestId ? { requestId: existing.requestId } : {}),
      },
      // The item as read: a request at the same moment wrote first, and its code is the one sent.
      condition: existing ? versionIs(version) : { notExists: true },
    })
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof StoreConflict) return false;
        throw error;
      },
    );
  if (!written) throw new Conflict('A code was sent less than a minute ago: check your email, or ask again in a minute');
  await input.mail.send({
    to: input.email,
    subject: 'Your Drift account deletion code',
    text: [
      `Your code to delete your Drift account is ${code}.`,
      'It is valid for 30 minutes. Enter it on your account page to delete the account.',
      'Deleting it removes your email from your orders and signs you out everywhere; the cards you hold stay on Drift as an anonymous collector’s.',
      'If you did not ask for this, ignore this email: nothing changes without the code.',
    ].join('\n\n'),
  });
  return { sentTo: input.email.replace(/^(.).*(@.*)$/, '$1***$2'), expiresAt };
}

export interface ConfirmDeps {
  accept: (event: OrderEvent) => Promise<unknown>;
  /** Counts each code compared (tests: no more than MAX_TRIES are, however many arrive at once). */
  compared?: () => void;
}

export async function confirmDeletion(
  store: Store,
  input: { principal: Principal; email: string; code: unknown; now: () => string },
  deps: ConfirmDeps,
): Promise<DeletionDone> {
  const refused = notDeletable(input.principal);
  if (refused) throw new Conflict(refused);
  const buyerKey = hashEmail(input.email);
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  if (!/^\d{6}$/.test(code)) throw new ValidationError({ code: 'Enter the 6-digit code from the email' });
  const item = await readDeletion(store, buyerKey);
  const at = input.now();
  if (!item || String(item.expiresAt) <= at) throw new ValidationError({ code: 'This code has expired or was never sent: ask for a new one' });
  const tooMany = () => new ValidationError({ code: 'Too many wrong codes: ask for a new one' });
  if (Number(item.tries ?? 0) >= MAX_TRIES) throw tooMany();
  // The try is won before the code is compared: an atomic count below MAX_TRIES, on this code (a new
  // request replaces the code and its count). A try that loses the count is not compared.
  const counted = await store
    .write({
      update: keys.personDeletion(buyerKey),
      add: { tries: 1 },
      condition: {
        and: [
          { field: 'tries', below: MAX_TRIES },
          { field: 'codeHash', is: String(item.codeHash) },
        ],
      },
    })
    .catch((error: unknown) => {
      if (error instanceof StoreConflict) return undefined;
      throw error;
    });
  if (!counted) throw tooMany();
  deps.compared?.();
  const given = Buffer.from(codeHash(buyerKey, code), 'hex');
  const wanted = Buffer.from(String(item.codeHash), 'hex');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    throw new ValidationError({ code: 'That code is not correct: check the email and try again' });
  const requestId = typeof item.requestId === 'string' ? item.requestId : `account-delete-${buyerKey.slice(0, 16)}-${at.replace(/[-:.TZ]/g, '').slice(0, 14)}`;
  if (!item.requestId) await store.write({ update: keys.personDeletion(buyerKey), set: { requestId, confirmedAt: at } });
  // "The account holder": the request keeps no identifier of an account that is about to be gone.
  const by = 'account:holder';
  await recordAccountRequest(store, { requestId, topic: 'account/deletion', buyerKey, at, by });
  const outcome = await redactAccount(store, requestId, { accept: deps.accept, hashEmail, now: input.now });
  // Everything keyed by the person (keys.personKeyedFamilies) but the code, which goes last.
  await forgetPerson(store, { buyerKey, email: input.email, sub: input.principal.sub }, { now: new Date(at), keepDeletion: true });
  await identityAdmin().deleteUser(input.principal.username);
  await store.write({ update: keys.privacyRequest(requestId), set: { accountClosedAt: input.now() } });
  await store.write({ delete: keys.personDeletion(buyerKey) });
  return { redactedOrders: outcome.orders ?? 0, requestId };
}
