// The signed-in account's side of notifications: its notices (the bell: one Query per recipient it
// is, merged newest first), marking them seen, its preferences, and one-click unsubscribe. An
// account is each recipient it can be (recipients.ts): an athlete who also collects reads both.
// Reading the notices records the account's verified email as the address of its recipients (the
// sender has nowhere else to learn it), once, when it changed. Nothing is written for a fan who was
// forgotten (their account deleted: forget-person.ts; its sign-in token outlives it by up to an
// hour): each write to a person's items checks their tombstone in its transaction.
import { CATEGORIES, categoriesFor, type Category } from '#shared/notifications/notification-rules';
import {
  categoriesOfAudiences,
  type NotificationView,
  type NotificationsResponse,
  type PreferencesRequest,
  type PreferencesResponse,
} from '#shared/notifications/notifications-api';
import { BadRequest, RetryLater } from '#lambdas/platform/errors';
import type { Principal } from '#lambdas/platform/auth';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString, noBackoff, retryOnConflict, versionIs } from '#lambdas/platform/store';
import { AccountForgotten, isForgotten, notForgotten } from '#lambdas/identity/forgotten';
import type { Item, Store, Write } from '#lambdas/platform/store';
import { addressOf, emailField, preferencesOf } from './preferences';
import { audienceOf, personOfRecipient, recipientsOf } from './recipients';

/** The check, in a write's transaction, that a person's recipient was not forgotten. */
const guard = (recipient: string): Write[] => {
  const person = personOfRecipient(recipient);
  return person ? [notForgotten(person)] : [];
};

/** A write to one recipient's items, refused (StoreConflict) when the person was forgotten. */
const guarded = (recipient: string, write: Write): Write[] => [write, ...guard(recipient)];

export const PAGE = 20;
/** Notices counted when the bell is marked seen (the badge shows 99+ past this anyway). */
const COUNT_LIMIT = 1000;

function viewOf(item: Item, seenUpTo: string): NotificationView {
  const recipient = String(item.recipient);
  return {
    id: String(item.SK),
    audience: audienceOf(recipient) ?? 'fan',
    category: item.category as Category,
    title: String(item.title),
    body: String(item.body),
    link: (item.link as string | null) ?? null,
    at: String(item.at),
    from: String(item.from ?? 'Drift'),
    unread: String(item.SK) > seenUpTo,
    email: emailStateOf(item),
  };
}

/** A notice's email as its owner is told of it. */
function emailStateOf(item: Item): NotificationView['email'] {
  if (item.email === 'sent' || item.email === 'digested') return 'sent';
  if (item.email === 'pending' || item.email === 'held' || item.email === 'sending') return 'waiting';
  return item.email === 'skipped' && item.reason === 'opted-out' ? 'off' : 'not-sent';
}

export function inbox(store: Store) {
  /** The account's email as its recipients' address, where it is not already. */
  async function registerAddress(principal: Principal, prefs: Map<string, Item>): Promise<void> {
    if (!principal.email || !principal.emailVerified) return;
    const stale = recipientsOf(principal).filter((r) => addressOf(prefs.get(keyString(keys.notifyPrefs(r.key)))) !== principal.email);
    await Promise.all(
      stale.map((r) =>
        store
          .transact(
            guarded(r.key, { update: keys.notifyPrefs(r.key), set: { recipient: r.key, address: principal.email, addressAt: new Date().toISOString() } }),
          )
          .catch((error: unknown) => {
            // Forgotten: no address is recorded for them again.
            if (!(error instanceof StoreConflict)) throw error;
          }),
      ),
    );
  }

  async function list(principal: Principal, cursor: string | undefined, limit = PAGE): Promise<NotificationsResponse> {
    if (cursor !== undefined && !keys.isNoteSortKey(cursor)) throw new BadRequest("'cursor' is not valid", { cursor: 'is not valid' });
    const recipients = recipientsOf(principal);
    const heads = recipients.flatMap((r) => [keys.notifyState(r.key), keys.notifyPrefs(r.key)]);
    const [found, ...pages] = await Promise.all([
      heads.length ? store.get(heads) : Promise.resolve(new Map<string, Item>()),
      ...recipients.map((r) =>
        store.query(keys.notifyPartition(r.key), limit + 1, { beginsWith: keys.notePrefix, descending: true, ...(cursor ? { below: cursor } : {}) }),
      ),
    ]);
    await registerAddress(principal, found);
    const seen = new Map(recipients.map((r) => [r.key, String(found.get(keyString(keys.notifyState(r.key)))?.seenUpTo ?? '')]));
    const merged = pages.flat().sort((a, b) => (String(a.SK) < String(b.SK) ? 1 : String(a.SK) > String(b.SK) ? -1 : 0));
    const items = merged.slice(0, limit).map((i) => viewOf(i, seen.get(String(i.recipient)) ?? ''));
    const unread = recipients.reduce((n, r) => n + Math.max(0, Number(found.get(keyString(keys.notifyState(r.key)))?.unread ?? 0)), 0);
    return { items, unread, nextCursor: merged.length > limit ? items[items.length - 1].id : null };
  }

  /** Every notice up to `upTo` (the newest the account was shown) is read: each recipient's unread
   * count becomes the notices after it, exactly (guarded by the state's version, which every new
   * notice moves). */
  async function seen(principal: Principal, upTo: string): Promise<{ unread: number }> {
    if (!keys.isNoteSortKey(upTo)) throw new BadRequest("'upTo' is not a notice", { upTo: 'is not a notice' });
    let unread = 0;
    for (const r of recipientsOf(principal)) {
      unread += await retryOnConflict(
        async () => {
          const stateKey = keys.notifyState(r.key);
          const state = (await store.get([stateKey])).get(keyString(stateKey));
          const from = [String(state?.seenUpTo ?? ''), upTo].sort().pop()!;
          const newer = (await store.query(keys.notifyPartition(r.key), COUNT_LIMIT, { beginsWith: keys.notePrefix, from })).filter((i) => String(i.SK) > from);
          const version = Number(state?.version ?? 0);
          const person = personOfRecipient(r.key);
          if (person && (await isForgotten(store, person))) throw new AccountForgotten();
          await store.transact(
            guarded(r.key, { update: stateKey, set: { unread: newer.length, seenUpTo: from, version: version + 1 }, condition: versionIs(version) }),
          );
          return newer.length;
        },
        { attempts: 10, backoff: noBackoff, onExhausted: () => new RetryLater('New notifications keep arriving; try again') },
      );
    }
    return { unread };
  }

  async function preferences(principal: Principal): Promise<PreferencesResponse> {
    const recipients = recipientsOf(principal);
    const found = recipients.length ? await store.get(recipients.map((r) => keys.notifyPrefs(r.key))) : new Map<string, Item>();
    const itemOf = (key: string) => found.get(keyString(keys.notifyPrefs(key)));
    const audiences = recipients.map((r) => r.audience);
    const categories = categoriesOfAudiences(audiences).map((category) => {
      // A category's choice is its audience's recipient's (the first that receives it).
      const owner = recipients.find((r) => categoriesFor(r.audience).includes(category))!;
      const prefs = preferencesOf(itemOf(owner.key));
      return { category, label: labelOf(category), email: prefs.email[category] ?? defaultOf(category) };
    });
    const first = recipients[0] ? preferencesOf(itemOf(recipients[0].key)) : preferencesOf(undefined);
    return {
      audiences,
      categories,
      timeZone: first.timeZone,
      quietHours: first.quietHours,
      address: recipients.map((r) => addressOf(itemOf(r.key))).find(Boolean) ?? (principal.emailVerified ? principal.email : null),
    };
  }

  /** Saves the settings page: each recipient gets the choices of its own audience's categories. */
  async function savePreferences(principal: Principal, request: PreferencesRequest): Promise<PreferencesResponse> {
    const at = new Date().toISOString();
    const writes: Write[] = recipientsOf(principal).map((r) => ({
      update: keys.notifyPrefs(r.key),
      set: {
        recipient: r.key,
        timeZone: request.timeZone,
        quietHours: request.quietHours,
        updatedAt: at,
        ...(principal.email && principal.emailVerified ? { address: principal.email } : {}),
        ...Object.fromEntries(
          categoriesFor(r.audience)
            .filter((c) => typeof request.email[c] === 'boolean')
            .map((c) => [emailField(c), request.email[c]]),
        ),
      },
    }));
    const checks = recipientsOf(principal).flatMap((r) => guard(r.key));
    try {
      if (writes.length) await store.transact([...writes, ...checks]);
    } catch (error) {
      if (error instanceof StoreConflict && error.failed.some((i) => i >= writes.length)) throw new AccountForgotten();
      throw error;
    }
    return preferences(principal);
  }

  /** One-click unsubscribe (the signed link's recipient and category: verified by the caller). */
  async function unsubscribe(recipient: string, category: Category): Promise<void> {
    await store
      .transact(
        guarded(recipient, {
          update: keys.notifyPrefs(recipient),
          set: { recipient, [emailField(category)]: false, unsubscribedAt: new Date().toISOString() },
        }),
      )
      .catch((error: unknown) => {
        // Forgotten: nothing of theirs is left to unsubscribe, and nothing is written again.
        if (!(error instanceof StoreConflict)) throw error;
      });
  }

  return { list, seen, preferences, savePreferences, unsubscribe };
}

const labelOf = (c: Category) => CATEGORIES[c].label;
const defaultOf = (c: Category) => CATEGORIES[c].emailByDefault;
