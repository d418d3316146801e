// The sender: turns the outbox into emails, each at most once (docs/decisions/0025).
// The outbox is GSI1's OUTBOX#<0-9> partitions: every notice whose email is still to decide (due
// when written) and every digest (due when its hour is up or its quiet hours end), sorted by due
// time. `sweep()` lists what is due; `deliver(key)` decides one item. In AWS the table's stream and a
// one-minute schedule put the keys on an SQS queue (notify-feed.handler.ts) and the sender function
// delivers them (notify-sender.handler.ts); local mode runs the same two calls in-process
// (scripts/local/notify-loop.ts). A key delivered twice, or by two workers at once, sends once:
// - a notice is claimed (email: pending -> sending) by a conditional write before SES is called, and
//   marked sent with SES's message id after; a second delivery finds it claimed or sent and stops;
// - the claim also moves the recipient's `sent_<category>` under a condition on the value it read,
//   so two notices of one category racing for the same hour cannot both be sent: the loser reads
//   again and is held for the digest;
// - SES refused (an error answer): the claim is undone and the notice is due again later (at most
//   MAX_ATTEMPTS, then failed); a worker that died between SES and the mark leaves a claim that
//   expires after LEASE_MS: it is then marked `unconfirmed`, never sent again (at most once: SES has
//   no idempotency key), logged and counted.
// Held notices are listed on their digest (at most DIGEST_LISTED; the rest counted), sent as one
// email when due; opted-out, suppressed (bounced or complained) or address-less recipients are
// skipped, and the in-app entry stays either way.
// A person who was forgotten (their account deleted: forget-person.ts) is sent nothing: an item of
// theirs that raced the deletion finds their tombstone and empties their partition instead, and every
// claim and digest write checks the tombstone in its transaction (issue 32 item 2).
import { randomUUID } from 'node:crypto';
import { isCategory, planEmail, type Category } from '#shared/notifications/notification-rules';
import { log } from '#lambdas/platform/log';
import { MailerNotConfigured, type Mailer } from '#lambdas/platform/mailer';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString, noBackoff, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Item, Key, Store, Write } from '#lambdas/platform/store';
import { hashEmail } from '#lambdas/identity/buyers';
import { isForgotten, notForgotten } from '#lambdas/identity/forgotten';
import { forgetRecipient } from './forget-recipient';
import { personOfRecipient } from './recipients';
import { digestEmail, noticeEmail, type NoticeText } from './email-content';
import { addressOf, lastSentOf, preferencesOf, sentField } from './preferences';
import { unsubscribeQuery } from './notify-settings';
import { SWEEP_PAGE, sweepOutbox } from './outbox-sweep';
import { jobRunner } from './fanout';

/** A claim older than this is a worker that died mid-send. */
export const LEASE_MS = 15 * 60_000;
export const MAX_ATTEMPTS = 5;
/** Notices listed in one digest email (the rest are counted). */
export const DIGEST_LISTED = 40;

export interface SenderDeps {
  store: Store;
  mailer: () => Mailer;
  now: () => Date;
  site: () => string;
  secret: () => Promise<string>;
}

export type Outcome = 'sent' | 'held' | 'skipped' | 'failed' | 'unconfirmed' | 'retry' | 'busy' | 'not-due' | 'done' | 'gone' | 'more';

const GSI = ['GSI1PK', 'GSI1SK'];
/** An address recipient's address (an invite's, a donor's receipt) is kept only until its email is decided. */
const DECIDED = [...GSI, 'emailTo'];
/** A transactional email's text carries a secret (an invite's claim link, whose code is stored
 * nowhere else): once its email is decided, the notice keeps no copy of it. */
const FORGET_TEXT = { body: 'The email was decided; its text and link are not kept.', link: null };
const forgetIf = (item: Item) => (item.transactional === true ? FORGET_TEXT : {});
const iso = (ms: number) => new Date(ms).toISOString();

export function createSender(deps: SenderDeps) {
  const { store } = deps;
  const jobs = jobRunner(store, deps.now);

  /** The mailer, or null where email is not configured (no sender identity: the notices stay in-app). */
  function mailerOrNull(): Mailer | null {
    try {
      return deps.mailer();
    } catch (error) {
      if (error instanceof MailerNotConfigured) return null;
      throw error;
    }
  }

  async function suppressed(address: string): Promise<boolean> {
    const key = keys.suppressedAddress(hashEmail(address));
    return (await store.get([key])).has(keyString(key));
  }

  async function links(recipient: string, category: Category, transactional: boolean) {
    return { site: deps.site(), unsubscribeQuery: transactional ? null : unsubscribeQuery(await deps.secret(), recipient, category) };
  }

  /** A person's recipient: the check, in the transaction, that they were not forgotten. */
  const guard = (recipient: string, now: Date): Write[] => {
    const person = personOfRecipient(recipient);
    return person ? [notForgotten(person, now)] : [];
  };

  /** Ends a pending notice's outbox life: `email` is what happened. */
  const settleNote = (key: Key, email: string, fields: Item = {}, note?: Item): Write => ({
    update: key,
    set: { email, decidedAt: deps.now().toISOString(), ...fields, ...(note ? forgetIf(note) : {}) },
    remove: DECIDED,
    condition: { field: 'email', is: 'pending' },
  });

  async function deliverNote(key: Key, recipient: string): Promise<Outcome> {
    const prefsKey = keys.notifyPrefs(recipient);
    const digestKeyOf = (category: string) => keys.notifyDigest(recipient, category);
    const found = await store.get([key, prefsKey]);
    const note = found.get(keyString(key));
    if (!note) return 'gone';
    const now = deps.now();
    const nowIso = now.toISOString();
    if (note.email === 'sending') return expireClaim(key, note, now);
    if (note.email !== 'pending') return 'done';
    if (typeof note.dueAt === 'string' && note.dueAt > nowIso) return 'not-due';
    const category = String(note.category);
    if (!isCategory(category)) {
      await store.write(settleNote(key, 'skipped', { reason: 'unknown-category' }));
      return 'skipped';
    }
    const prefs = found.get(keyString(prefsKey));
    const transactional = note.transactional === true;
    const address = transactional ? String(note.emailTo ?? '') : addressOf(prefs);
    if (!address) {
      await store.write(settleNote(key, 'skipped', { reason: 'no-address' }, note));
      return 'skipped';
    }
    if (await suppressed(address)) {
      await store.write(settleNote(key, 'skipped', { reason: 'suppressed' }, note));
      return 'skipped';
    }
    const mail = mailerOrNull();
    if (!mail) {
      await store.write(settleNote(key, 'skipped', { reason: 'email-not-configured' }, note));
      return 'skipped';
    }
    const lastSent = lastSentOf(prefs, category);
    const plan = transactional ? ({ send: 'now' } as const) : planEmail(category, nowIso, lastSent, preferencesOf(prefs));
    if (plan.send === 'never') {
      await store.write(settleNote(key, 'skipped', { reason: plan.reason }));
      return 'skipped';
    }
    if (plan.send === 'later') {
      const digestKey = digestKeyOf(category);
      const digest = (await store.get([digestKey])).get(keyString(digestKey));
      // A digest being sent takes no more notices: this one waits for the next (the sweep comes back).
      if (digest?.state === 'sending') return 'busy';
      const listed = (digest?.notes as string[] | undefined) ?? [];
      const dueAt = digest && String(digest.dueAt) < plan.at ? String(digest.dueAt) : plan.at;
      const listedHere = listed.length < DIGEST_LISTED;
      const version = Number(digest?.version ?? 0);
      await store.transact([
        ...guard(recipient, now),
        settleNote(key, listedHere ? 'held' : 'digested', { heldFor: plan.reason }),
        {
          put: {
            ...digestKey,
            ...keys.outboxEntry(recipient, dueAt, digestKey.SK),
            type: 'digest',
            recipient,
            category,
            notes: listedHere ? [...listed, key.SK] : listed,
            count: Number(digest?.count ?? 0) + 1,
            dueAt,
            state: 'held',
            version: version + 1,
          },
          condition: digest ? versionIs(version) : { notExists: true },
        },
      ]);
      return 'held';
    }
    // Now: claim the notice and this category's hour, then send.
    const claim = randomUUID();
    const claimWrites: Write[] = [
      ...guard(recipient, now),
      {
        update: key,
        set: { email: 'sending', claim, claimedAt: nowIso, ...keys.outboxEntry(recipient, iso(now.getTime() + LEASE_MS), key.SK) },
        condition: { field: 'email', is: 'pending' },
      },
    ];
    if (!transactional) claimWrites.push(hourClaim(prefsKey, category, lastSent, nowIso));
    await store.transact(claimWrites);
    const content: NoticeText = { title: String(note.title), body: String(note.body), link: (note.link as string | null) ?? null };
    let messageId: string;
    try {
      messageId = await mail.send(noticeEmail(address, category, content, await links(recipient, category, transactional)));
    } catch (error) {
      if (!sesRefused(error)) return unconfirmed(key, note, claim, error);
      return releaseNote(key, note, claim, transactional ? null : { prefsKey, category, lastSent, claimedAt: nowIso }, error);
    }
    await store.write({
      update: key,
      set: { email: 'sent', sentAt: deps.now().toISOString(), messageId, ...forgetIf(note) },
      remove: [...DECIDED, 'claim'],
      condition: { field: 'claim', is: claim },
    });
    return 'sent';
  }

  /** The category's hour, taken: `sent_<category>` moves from what was read to now, or the claim fails. */
  const hourClaim = (prefsKey: Key, category: Category, lastSent: string | null, at: string): Write => ({
    update: prefsKey,
    set: { [sentField(category)]: at },
    condition: lastSent ? { field: sentField(category), is: lastSent } : { absentField: sentField(category) },
  });

  /** SES refused: the notice is due again later (or failed after MAX_ATTEMPTS), the hour given back. */
  async function releaseNote(
    key: Key,
    note: Item,
    claim: string,
    hour: { prefsKey: Key; category: Category; lastSent: string | null; claimedAt: string } | null,
    error: unknown,
  ): Promise<Outcome> {
    const attempts = Number(note.attempts ?? 0) + 1;
    const failed = attempts >= MAX_ATTEMPTS;
    const recipient = String(note.recipient);
    const dueAt = iso(deps.now().getTime() + 60_000 * 2 ** attempts);
    const writes: Write[] = [
      failed
        ? {
            update: key,
            set: { email: 'failed', attempts, error: String((error as Error)?.message ?? error).slice(0, 300), ...forgetIf(note) },
            remove: [...DECIDED, 'claim'],
            condition: { field: 'claim', is: claim },
          }
        : {
            update: key,
            set: { email: 'pending', attempts, dueAt, ...keys.outboxEntry(recipient, dueAt, key.SK) },
            remove: ['claim'],
            condition: { field: 'claim', is: claim },
          },
    ];
    if (hour)
      writes.push({
        update: hour.prefsKey,
        ...(hour.lastSent ? { set: { [sentField(hour.category)]: hour.lastSent } } : { remove: [sentField(hour.category)] }),
        condition: { field: sentField(hour.category), is: hour.claimedAt },
      });
    try {
      await store.transact(writes);
    } catch (conflict) {
      // A later email of the category already moved the hour on: give back the notice only.
      if (!(conflict instanceof StoreConflict) || !hour) throw conflict;
      await store.transact(writes.slice(0, 1));
    }
    log(failed ? 'error' : 'warn', 'notification email refused', { recipient, note: key.SK, attempts, error: (error as Error)?.message ?? String(error) });
    return failed ? 'failed' : 'retry';
  }

  /** An email SES may or may not have taken (the call failed without SES's answer, or the worker
   * died before recording it): marked `unconfirmed`, never sent again (at most once). */
  async function unconfirmed(key: Key, item: Item, claim: string, error: unknown): Promise<Outcome> {
    const decidedAt = deps.now().toISOString();
    if (item.type === 'digest') {
      // The digest ends: its notices are unconfirmed with it (a later notice starts a new digest).
      await store.transact([
        { delete: { PK: key.PK, SK: key.SK }, condition: { field: 'claim', is: claim } },
        ...((item.notes as string[] | undefined) ?? []).map((sk): Write => ({
          update: { PK: key.PK, SK: sk },
          set: { email: 'unconfirmed', decidedAt, digest: true },
        })),
      ]);
    } else
      await store.write({
        update: key,
        set: { email: 'unconfirmed', decidedAt, ...forgetIf(item) },
        remove: [...DECIDED, 'claim'],
        condition: { field: 'claim', is: claim },
      });
    log('error', 'notification email unconfirmed: SES may have taken it; not sent again', {
      key: keyString(key),
      error: error instanceof Error ? error.message : String(error),
    });
    return 'unconfirmed';
  }

  /** A claim whose worker may have died: after the lease, `unconfirmed`. */
  async function expireClaim(key: Key, item: Item, now: Date): Promise<Outcome> {
    if (Date.parse(String(item.claimedAt)) + LEASE_MS > now.getTime()) return 'busy';
    return unconfirmed(key, item, String(item.claim), 'the claim expired');
  }

  async function deliverDigest(key: Key, recipient: string): Promise<Outcome> {
    const prefsKey = keys.notifyPrefs(recipient);
    const found = await store.get([key, prefsKey]);
    const digest = found.get(keyString(key));
    if (!digest) return 'gone';
    const now = deps.now();
    const nowIso = now.toISOString();
    if (digest.state === 'sending') return expireClaim(key, digest, now);
    if (digest.state !== 'held') return 'done';
    if (String(digest.dueAt) > nowIso) return 'not-due';
    const category = String(digest.category) as Category;
    const prefs = found.get(keyString(prefsKey));
    const noteKeys = ((digest.notes as string[] | undefined) ?? []).map((sk) => ({ PK: key.PK, SK: sk }));
    const version = Number(digest.version ?? 0);
    /** The digest's end: deleted, its listed notices marked with what happened. */
    const finish = (email: string, fields: Item, condition: Write['condition']) =>
      store.transact([
        { delete: { PK: key.PK, SK: key.SK }, condition },
        ...noteKeys.map((k): Write => ({ update: k, set: { email, decidedAt: nowIso, digest: true, ...fields } })),
      ]);
    const address = addressOf(prefs);
    const mail = mailerOrNull();
    const skipReason = !mail ? 'email-not-configured' : !address ? 'no-address' : (await suppressed(address)) ? 'suppressed' : null;
    const lastSent = lastSentOf(prefs, category);
    const plan = skipReason ? null : planEmail(category, nowIso, lastSent, preferencesOf(prefs));
    if (!plan || plan.send === 'never') {
      await finish('skipped', { reason: skipReason ?? 'opted-out' }, versionIs(version));
      return 'skipped';
    }
    if (plan.send === 'later') {
      // The hour moved (an email went since) or quiet hours began: wait again.
      await store.write({
        update: key,
        set: { dueAt: plan.at, version: version + 1, ...keys.outboxEntry(recipient, plan.at, key.SK) },
        condition: versionIs(version),
      });
      return 'not-due';
    }
    const claim = randomUUID();
    await store.transact([
      ...guard(recipient, now),
      {
        update: key,
        set: { state: 'sending', claim, claimedAt: nowIso, version: version + 1, ...keys.outboxEntry(recipient, iso(now.getTime() + LEASE_MS), key.SK) },
        condition: versionIs(version),
      },
      hourClaim(prefsKey, category, lastSent, nowIso),
    ]);
    const notes = [...(await store.get(noteKeys)).values()].sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
    const texts: NoticeText[] = notes.map((n) => ({ title: String(n.title), body: String(n.body), link: (n.link as string | null) ?? null }));
    const count = Math.max(Number(digest.count ?? texts.length), texts.length);
    const emailLinks = await links(recipient, category, false);
    let messageId: string;
    try {
      const email =
        count === 1 && texts.length === 1 ? noticeEmail(address!, category, texts[0], emailLinks) : digestEmail(address!, category, texts, count, emailLinks);
      messageId = await mail!.send(email);
    } catch (error) {
      if (!sesRefused(error)) return unconfirmed(key, digest, claim, error);
      const attempts = Number(digest.attempts ?? 0) + 1;
      log(attempts >= MAX_ATTEMPTS ? 'error' : 'warn', 'notification digest refused', {
        recipient,
        category,
        attempts,
        error: (error as Error)?.message ?? String(error),
      });
      if (attempts >= MAX_ATTEMPTS) {
        await finish('failed', { error: String((error as Error)?.message ?? error).slice(0, 300) }, { field: 'claim', is: claim });
        return 'failed';
      }
      const dueAt = iso(now.getTime() + 60_000 * 2 ** attempts);
      await store
        .transact([
          {
            update: key,
            set: { state: 'held', attempts, dueAt, ...keys.outboxEntry(recipient, dueAt, key.SK) },
            remove: ['claim'],
            condition: { field: 'claim', is: claim },
          },
          {
            update: prefsKey,
            ...(lastSent ? { set: { [sentField(category)]: lastSent } } : { remove: [sentField(category)] }),
            condition: { field: sentField(category), is: nowIso },
          },
        ])
        .catch((conflict: unknown) => {
          if (!(conflict instanceof StoreConflict)) throw conflict;
        });
      return 'retry';
    }
    await finish('sent', { messageId, sentAt: deps.now().toISOString() }, { field: 'claim', is: claim });
    return 'sent';
  }

  /**
   * Decides one outbox item (a notice or a digest) by its table key. Safe to call any number of
   * times, from any number of workers: each email goes at most once.
   */
  async function deliver(key: Key): Promise<Outcome> {
    // A job settlement left (its notices and news, a school tally): fanout.ts.
    if (keys.isFanoutJob(key)) return jobs.run(key);
    const recipient = keys.recipientOfPartition(key.PK);
    if (!recipient) return 'gone';
    const decide = keys.isDigestSortKey(key.SK) ? deliverDigest : deliverNote;
    const person = personOfRecipient(recipient);
    const run = async (): Promise<Outcome> => {
      // Forgotten: nothing is sent, and what raced the deletion into their partition goes.
      if (person && (await isForgotten(store, person, deps.now()))) {
        await forgetRecipient(store, recipient);
        return 'gone';
      }
      return decide(key, recipient);
    };
    // A conflict is another worker's write landing first (or the person's tombstone): read again and decide again.
    return retryOnConflict(run, { attempts: 5, backoff: noBackoff, onExhausted: () => new RetryConflictError(key) }).catch((error: unknown) => {
      if (error instanceof RetryConflictError) return 'busy' as const;
      throw error;
    });
  }

  /** The outbox items due now (outbox-sweep.ts). */
  const sweep = (limit = SWEEP_PAGE): Promise<Key[]> => sweepOutbox(store, deps.now(), limit);

  return { deliver, sweep };
}

/** Whether SES answered the call with a refusal (an HTTP status: nothing was sent). A call that
 * failed without an answer (a timeout, a reset connection) may have been taken. */
export function sesRefused(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 400;
}

class RetryConflictError extends Error {
  constructor(key: Key) {
    super(`outbox item ${keyString(key)} kept changing`);
  }
}

export type Sender = ReturnType<typeof createSender>;
