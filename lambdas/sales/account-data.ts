// "Download my data" (issue 23): everything Drift holds about the signed-in fan, as JSON: the account
// (name, email, age band, groups), the orders under its email (as stored: lines, status, refunds) and
// the cards it holds with their serial numbers, by athlete (the same reads as a Shopify data request's
// export: lambdas/orders/privacy.ts customerData, bounded), and every item family an account's
// deletion forgets (keys.personKeyedFamilies, issue 32 item 4): the display name and public-profile
// switch, follows, notification settings (address, time zone, quiet hours, kinds), state, notices and
// digests, the waiting-list entry and a pending deletion. EXPORTED says where each family lands
// (typed by the list, so a family added there without a place here does not compile; and
// test/unit/person-families.test.ts checks each really shows). The download is recorded, completed,
// in the operators' privacy queue (a consumer's request to know, served at once).
import type { AccountDataExport, AccountView } from '#shared/sales/account-api';
import { CATEGORY_NAMES } from '#shared/notifications/notification-rules';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { hashEmail } from '#lambdas/identity/buyers';
import { addressOf, emailField, lastSentOf, preferencesOf } from '#lambdas/notifications/preferences';
import { customerData, recordAccountRequest } from '#lambdas/orders/privacy';
import type { Principal } from '#lambdas/platform/auth';
import * as keys from '#lambdas/platform/keys';
import type { ForgottenFamily } from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

/** Where each family an account's deletion forgets shows in the export. */
export const EXPORTED: Record<ForgottenFamily, string> = {
  personProfile: 'profile',
  displayNameClaim: 'profile.displayName',
  personAge: 'age (and account.ageBand)',
  personDeletion: 'deletion',
  follow: 'follows',
  followsPartition: 'follows',
  follower: 'follows (the same follow, seen from the athlete or school)',
  notifyPartition: 'notifications',
  note: 'notifications.notices',
  notifyState: 'notifications.state',
  notifyPrefs: 'notifications.settings',
  notifyDigest: 'notifications.digests',
  outboxEntry: 'notifications.notices[].email (the outbox index of a notice still to email)',
  waitlist: 'waitingList',
  accountProfileRequest: 'profileRequest',
};

/** Notices read per recipient (kept 180 days; the bell shows 99+ past a hundred). */
const MAX_NOTICES = 1000;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function settingsOf(prefs: Item | undefined): AccountDataExport['notifications']['settings'] {
  if (!prefs) return null;
  const chosen = preferencesOf(prefs);
  const email: Record<string, boolean> = {};
  const lastEmailed: Record<string, string> = {};
  for (const c of CATEGORY_NAMES) {
    if (typeof prefs[emailField(c)] === 'boolean') email[c] = prefs[emailField(c)] as boolean;
    const last = lastSentOf(prefs, c);
    if (last) lastEmailed[c] = last;
  }
  return { address: addressOf(prefs), timeZone: chosen.timeZone, quietHours: chosen.quietHours, email, lastEmailed };
}

/** The person's own items besides orders and holdings: what their deletion forgets. */
async function personalItems(store: Store, buyerKey: string, email: string, sub: string) {
  const fan = `F${buyerKey}`;
  const address = `E${buyerKey}`;
  const found = await store.get([
    keys.personProfile(buyerKey),
    keys.personAge(buyerKey),
    keys.personDeletion(buyerKey),
    keys.waitlist(email.trim().toLowerCase()),
    keys.accountProfileRequest(sub),
  ]);
  const [follows, fanItems, addressItems] = await Promise.all([
    store.query(keys.followsPartition(buyerKey), 1000),
    store.query(keys.notifyPartition(fan), MAX_NOTICES + 10),
    store.query(keys.notifyPartition(address), MAX_NOTICES + 10),
  ]);
  const profile = found.get(keyString(keys.personProfile(buyerKey)));
  const deletion = found.get(keyString(keys.personDeletion(buyerKey)));
  const age = found.get(keyString(keys.personAge(buyerKey)));
  const waiting = found.get(keyString(keys.waitlist(email.trim().toLowerCase())));
  const request = found.get(keyString(keys.accountProfileRequest(sub)));
  const items = [...fanItems, ...addressItems];
  const notes = items
    .filter((i) => i.type === 'note')
    .sort((a, b) => (String(a.SK) < String(b.SK) ? 1 : -1))
    .map((i) => ({
      at: String(i.at),
      category: String(i.category),
      title: String(i.title),
      body: String(i.body),
      link: str(i.link),
      email: String(i.email),
      to: String(i.recipient) === fan ? ('account' as const) : ('address' as const),
    }));
  const state = fanItems.find((i) => i.SK === keys.notifyState(fan).SK);
  return {
    age: age ? { band: String(age.band), source: str(age.source), at: str(age.at) } : null,
    profile: profile ? { displayName: str(profile.displayName), public: profile.public === true, updatedAt: str(profile.updatedAt) } : null,
    follows: follows.flatMap((i) => {
      const target = keys.followTargetOf(String(i.SK));
      return target ? [{ kind: target.kind, id: target.id, since: str(i.since) }] : [];
    }),
    notifications: {
      settings: settingsOf(fanItems.find((i) => i.SK === keys.notifyPrefs(fan).SK)),
      state: state ? { unread: Math.max(0, Number(state.unread ?? 0)), seenUpTo: str(state.seenUpTo) } : null,
      notices: notes.slice(0, MAX_NOTICES),
      digests: items
        .filter((i) => keys.isDigestSortKey(String(i.SK)))
        .map((i) => ({ category: String(i.category), count: Number(i.count ?? 0), dueAt: String(i.dueAt) })),
    },
    waitingList: waiting
      ? {
          firstName: String(waiting.firstName ?? ''),
          lastName: String(waiting.lastName ?? ''),
          school: str(waiting.school),
          details: String(waiting.details ?? ''),
          submittedAt: String(waiting.submittedAt ?? ''),
        }
      : null,
    profileRequest: request
      ? {
          name: String(request.name ?? ''),
          sport: str(request.sport),
          position: str(request.position),
          schoolName: str(request.schoolName),
          state: String(request.state ?? ''),
          createdAt: str(request.createdAt),
          decidedAt: str(request.decidedAt),
          declineReason: str(request.declineReason),
        }
      : null,
    deletion: deletion ? { requestedAt: String(deletion.requestedAt), expiresAt: String(deletion.expiresAt), tries: Number(deletion.tries ?? 0) } : null,
    truncated: notes.length > MAX_NOTICES,
  };
}

type Ranges = Record<string, Array<[number, number]>>;

export async function accountData(
  store: Store,
  input: { principal: Principal; email: string; ageBand: AccountView['ageBand']; now: string },
): Promise<AccountDataExport> {
  const buyerKey = hashEmail(input.email);
  const [data, personal] = await Promise.all([customerData(store, buyerKey), personalItems(store, buyerKey, input.email, input.principal.sub)]);
  const athletes = await Promise.all(data.holdings.map((h) => getAthlete(h.athleteId)));
  const cards = data.holdings
    .map((h, i) => {
      const athlete = athletes[i];
      const serials = h.serials as Ranges;
      return {
        athleteId: h.athleteId,
        athleteName: athlete?.name ?? `Athlete ${h.athleteId}`,
        cards: Object.entries(h.cards)
          .filter(([, units]) => units > 0)
          .map(([cardId, units]) => ({
            cardId: Number(cardId),
            name: athlete?.digitalcollectibles.find((c) => c.id === Number(cardId))?.name ?? `Card ${cardId}`,
            units,
            serials: serials[cardId] ?? [],
          })),
      };
    })
    .filter((a) => a.cards.length > 0);
  await recordAccountRequest(store, {
    requestId: `account-data-${buyerKey.slice(0, 16)}-${input.now.replace(/[-:.TZ]/g, '').slice(0, 17)}`,
    topic: 'account/data',
    buyerKey,
    at: input.now,
    by: 'account:holder',
    done: { orders: 0 },
  });
  return {
    generatedAt: input.now,
    account: {
      username: input.principal.username,
      email: input.email,
      emailVerified: input.principal.emailVerified,
      ageBand: input.ageBand,
      groups: input.principal.groups,
    },
    orders: data.orders,
    cards,
    age: personal.age,
    profile: personal.profile,
    follows: personal.follows,
    notifications: personal.notifications,
    waitingList: personal.waitingList,
    profileRequest: personal.profileRequest,
    deletion: personal.deletion,
    truncated: data.truncated || personal.truncated,
  };
}
