// The item families keyed by a person (keys.personKeyedFamilies, issue 32 items 1 and 4):
// - every key builder of keys.ts that takes a person (a buyer key, an email, a recipient, an
//   account's sub, an address hash) is on the list, forgotten or kept with a reason: a new family
//   added to keys.ts without a decision fails here;
// - the forget function (lambdas/notifications/forget-person.ts), run over a store holding one item of
//   every family for the person (and the same for another person), leaves nothing of the person but
//   the kept families, and touches nobody else;
// - "Download my data" (lambdas/sales/account-data.ts) shows every family the forget function forgets.
import * as keys from '#lambdas/platform/keys';
import type { ForgottenFamily, PersonKeyedFamily } from '#lambdas/platform/keys';
import { forgetPerson } from '#lambdas/notifications/forget-person';
import { accountData, EXPORTED } from '#lambdas/sales/account-data';
import { hashEmail } from '#lambdas/identity/buyers';
import { forgottenKey } from '#lambdas/identity/forgotten';
import { displayNameKey } from '#shared/community/display-names';
import type { AccountDataExport } from '#shared/sales/account-api';
import type { Principal } from '#lambdas/platform/auth';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import type { Item } from '#lambdas/platform/store';

/** A builder's parameters naming a person. */
const PERSON_PARAMETER = /^(buyerKey|email|sub|recipient|addressHash|buyer|person|address)$/;

function parametersOf(fn: unknown): string[] {
  const source = Function.prototype.toString.call(fn);
  const list = /^(?:async\s+)?(?:function\s*[\w$]*\s*)?\(([^)]*)\)/.exec(source)?.[1] ?? /^([\w$]+)\s*=>/.exec(source)?.[1] ?? '';
  return list
    .split(',')
    .map((p) => p.replace(/=.*$/s, '').trim())
    .filter(Boolean);
}

/** Functions of keys.ts that take a person but build no key: they derive an id another builder uses
 * (profileRequestIdOf's key is accountProfileRequest, on the list). */
const NOT_KEY_BUILDERS = ['profileRequestIdOf'];
const builders = Object.entries(keys as Record<string, unknown>).filter(([name, value]) => typeof value === 'function' && !NOT_KEY_BUILDERS.includes(name));
const personBuilders = builders.filter(([, fn]) => parametersOf(fn).some((p) => PERSON_PARAMETER.test(p))).map(([name]) => name);

interface Who {
  buyerKey: string;
  email: string;
  sub: string;
}
const AT = '2026-11-20T12:00:00.000Z';

/** One item of every family on the list for a person (kept families' items too: they must stay). */
function itemsOf(who: Who): Record<PersonKeyedFamily, Item[]> {
  const { buyerKey: bk, email } = who;
  const fan = `F${bk}`;
  const address = `E${bk}`;
  const athlete = { kind: 'athlete' as const, id: 7 };
  const note = (recipient: string, title: string): Item => ({
    ...keys.note(recipient, AT, `ev-${title}`),
    ...keys.outboxEntry(recipient, AT, keys.note(recipient, AT, `ev-${title}`).SK),
    type: 'note',
    recipient,
    at: AT,
    category: 'unlock_reached',
    title,
    body: `${title} body`,
    link: null,
    email: 'pending',
  });
  return {
    personProfile: [{ ...keys.personProfile(bk), type: 'profile', buyerKey: bk, displayName: `Name ${email}`, public: true, updatedAt: AT, version: 1 }],
    displayNameClaim: [{ ...keys.displayNameClaim(displayNameKey(`Name ${email}`)), type: 'display-name', buyerKey: bk, displayName: `Name ${email}` }],
    personAge: [{ ...keys.personAge(bk), type: 'personAge', band: 'adult', source: 'sign-up', at: AT }],
    personDeletion: [{ ...keys.personDeletion(bk), type: 'personDeletion', codeHash: 'ab', tries: 2, requestedAt: AT, expiresAt: '2026-11-20T12:30:00.000Z' }],
    follow: [{ ...keys.follow(bk, athlete), type: 'follow', kind: 'athlete', id: 7, since: AT }],
    followsPartition: [{ ...keys.follow(bk, { kind: 'school', id: 3 }), type: 'follow', kind: 'school', id: 3, since: AT }],
    follower: [
      { ...keys.follower(athlete, bk), type: 'follower', since: AT },
      { ...keys.follower({ kind: 'school', id: 3 }, bk), type: 'follower', since: AT },
    ],
    notifyPartition: [note(address, `Invitation to ${email}`)],
    note: [note(fan, `Notice to ${email}`)],
    outboxEntry: [note(fan, `Queued for ${email}`)],
    notifyState: [{ ...keys.notifyState(fan), unread: 3, seenUpTo: 'NOTE#2026-11-01T00:00:00.000Z#x', version: 4 }],
    notifyPrefs: [
      {
        ...keys.notifyPrefs(fan),
        recipient: fan,
        address: email,
        timeZone: 'Asia/Tokyo',
        quietHours: { start: 22, end: 7 },
        email_payout_paid: false,
        sent_unlock_reached: AT,
      },
    ],
    notifyDigest: [
      {
        ...keys.notifyDigest(fan, 'unlock_reached'),
        ...keys.outboxEntry(fan, AT, keys.notifyDigest(fan, 'unlock_reached').SK),
        type: 'digest',
        category: 'unlock_reached',
        count: 2,
        dueAt: AT,
        state: 'held',
      },
    ],
    waitlist: [{ ...keys.waitlist(email), firstName: 'First', lastName: 'Last', email, details: 'hi', school: 'State', submittedAt: AT }],
    accountProfileRequest: [
      {
        ...keys.accountProfileRequest(who.sub),
        ...keys.schoolProfileRequests(3, AT),
        type: 'profile-request',
        requestId: keys.profileRequestIdOf(who.sub),
        name: `Athlete ${email}`,
        sport: 'Football',
        schoolId: 3,
        schoolName: 'State',
        state: 'pending',
        createdAt: AT,
        email,
        sub: who.sub,
      },
    ],
    personForgotten: [],
    buyerOrdersIndex: [{ ...keys.order(`9${bk.slice(0, 5).replace(/\D/g, '1')}`), ...keys.buyerOrdersIndex(bk, AT, '1'), type: 'order' }],
    buyerPartition: [],
    fan: [{ ...keys.fan(7, bk), ...keys.collectorIndex(bk, 7), type: 'fan', athleteId: 7, cards: { '1': 1 } }],
    collectorIndex: [],
    collectorPartition: [],
    topFan: [{ ...keys.topFan(7, bk), type: 'topFan' }],
    boardEntry: [{ ...keys.boardEntry({ kind: 'athlete', athleteId: 7 }, bk), ...keys.boardRank({ kind: 'athlete', athleteId: 7 }, 1, AT, bk), units: 1 }],
    boardRank: [],
    suppressedAddress: [{ ...keys.suppressedAddress(bk), type: 'suppressed' }],
    applicantApplication: [{ ...keys.applicantApplication(who.sub), type: 'applicant', applicationId: 'a1', state: 'pending' }],
  };
}

const person = (email: string, sub: string): Who => ({ buyerKey: hashEmail(email), email, sub });
const GONE = person('gone@example.com', 'sub-gone');
const STAYING = person('staying@example.com', 'sub-staying');

function seeded(families: readonly PersonKeyedFamily[] = Object.keys(keys.personKeyedFamilies) as PersonKeyedFamily[]) {
  const store = createMemoryStore();
  for (const who of [GONE, STAYING])
    for (const family of families) for (const item of itemsOf(who)[family]) store.items.set(`${String(item.PK)}|${String(item.SK)}`, structuredClone(item));
  return store;
}

/** Whether an item names the person: a key or an index part holding their buyer key, email or sub. */
const names = (item: Item, who: Who) =>
  [item.PK, item.SK, item.GSI1PK, item.GSI1SK].some((v) => typeof v === 'string' && [who.buyerKey, who.email, who.sub].some((x) => v.includes(x)));

describe('the families keyed by a person', () => {
  it('lists every key builder that takes a person, each forgotten or kept with a reason', () => {
    // The detection itself works (a builder's parameter names survive the build).
    expect(parametersOf(keys.fan)).toEqual(['athleteId', 'buyerKey']);
    expect(personBuilders).toEqual(expect.arrayContaining(['personProfile', 'follow', 'note', 'waitlist', 'applicantApplication']));
    const listed = Object.keys(keys.personKeyedFamilies);
    expect(personBuilders.filter((name) => !listed.includes(name))).toEqual([]);
    // Each listed family is a builder of keys.ts, and a kept one says why.
    expect(listed.filter((name) => !builders.some(([b]) => b === name))).toEqual([]);
    for (const [name, fate] of Object.entries(keys.personKeyedFamilies))
      expect([name, fate.fate === 'forgotten' ? fate.what.length > 10 : fate.why.length > 20]).toEqual([name, true]);
  });

  it('forgets every item of the forgotten families, keeps the kept ones, and touches nobody else', async () => {
    const store = seeded();
    const others = store.all().filter((i) => names(i, STAYING));
    await forgetPerson(store, { buyerKey: GONE.buyerKey, email: GONE.email, sub: GONE.sub }, { now: new Date(AT) });
    const items = itemsOf(GONE);
    const present = (i: Item) => store.items.has(`${String(i.PK)}|${String(i.SK)}`);
    for (const family of Object.keys(items) as PersonKeyedFamily[]) {
      const fate = keys.personKeyedFamilies[family].fate;
      for (const item of items[family]) expect([family, String(item.SK), present(item)]).toEqual([family, String(item.SK), fate === 'kept']);
    }
    // Every family forgotten has an item here (a family added to the list is seeded).
    expect(keys.forgottenFamilies.filter((f) => items[f].length === 0)).toEqual([]);
    // Nothing else names the person: only the kept families' items (the tombstone's key is a keyed
    // hash, which names nobody without the deployment's salt).
    const kept = new Set(
      (Object.keys(items) as PersonKeyedFamily[])
        .filter((f) => keys.personKeyedFamilies[f].fate === 'kept')
        .flatMap((f) => items[f].map((i) => `${String(i.PK)}|${String(i.SK)}`)),
    );
    const left = store.all().filter((i) => names(i, GONE) && !kept.has(`${String(i.PK)}|${String(i.SK)}`));
    expect(left.map((i) => `${String(i.PK)}|${String(i.SK)}`)).toEqual([]);
    const tombstone = store.items.get(`${forgottenKey(GONE.buyerKey).PK}|FORGOTTEN`);
    expect(tombstone).toMatchObject({ type: 'forgotten', forgottenAt: AT });
    expect(JSON.stringify(tombstone)).not.toContain(GONE.buyerKey);
    // The other person has everything still.
    expect(store.all().filter((i) => names(i, STAYING))).toEqual(others);
    // Again: nothing more to do, nothing breaks.
    await forgetPerson(store, { buyerKey: GONE.buyerKey, email: GONE.email, sub: GONE.sub }, { now: new Date(AT) });
  });

  it("keeps the deletion's code when asked (the account deletion removes it last)", async () => {
    const store = seeded();
    await forgetPerson(store, { buyerKey: GONE.buyerKey, email: GONE.email, sub: GONE.sub }, { keepDeletion: true });
    expect(store.items.has(`${keys.personDeletion(GONE.buyerKey).PK}|DELETION`)).toBe(true);
    expect(store.items.has(`${keys.personProfile(GONE.buyerKey).PK}|PROFILE`)).toBe(false);
  });
});

describe('"Download my data" holds every family the deletion forgets', () => {
  const shows: Record<ForgottenFamily, (e: AccountDataExport) => unknown> = {
    personProfile: (e) => e.profile?.public === true && e.profile.displayName === `Name ${GONE.email}`,
    displayNameClaim: (e) => e.profile?.displayName === `Name ${GONE.email}`,
    personAge: (e) => e.age?.band === 'adult' && e.age.source === 'sign-up',
    personDeletion: (e) => e.deletion?.tries === 2 && e.deletion.requestedAt === AT,
    follow: (e) => e.follows.some((f) => f.kind === 'athlete' && f.id === 7 && f.since === AT),
    followsPartition: (e) => e.follows.some((f) => f.kind === 'school' && f.id === 3),
    follower: (e) => e.follows.length === 2,
    notifyPartition: (e) => e.notifications.notices.some((n) => n.title === `Invitation to ${GONE.email}` && n.to === 'address'),
    note: (e) => e.notifications.notices.some((n) => n.title === `Notice to ${GONE.email}` && n.to === 'account'),
    outboxEntry: (e) => e.notifications.notices.some((n) => n.title === `Queued for ${GONE.email}` && n.email === 'pending'),
    notifyState: (e) => e.notifications.state?.unread === 3,
    notifyPrefs: (e) =>
      e.notifications.settings?.timeZone === 'Asia/Tokyo' &&
      e.notifications.settings.quietHours?.start === 22 &&
      e.notifications.settings.email.payout_paid === false &&
      e.notifications.settings.address === GONE.email &&
      e.notifications.settings.lastEmailed.unlock_reached === AT,
    notifyDigest: (e) => e.notifications.digests.some((d) => d.category === 'unlock_reached' && d.count === 2),
    waitlist: (e) => e.waitingList?.firstName === 'First' && e.waitingList.school === 'State',
    accountProfileRequest: (e) =>
      e.profileRequest?.name === `Athlete ${GONE.email}` && e.profileRequest.state === 'pending' && e.profileRequest.schoolName === 'State',
  };

  it('shows each forgotten family, and nobody else’s', async () => {
    // (The kept families' orders and holdings have their own tests: test/integration/account.test.ts.)
    const store = seeded(keys.forgottenFamilies);
    const principal: Principal = {
      sub: GONE.sub,
      username: 'gone',
      email: GONE.email,
      emailVerified: true,
      groups: ['buyer'],
      athleteId: null,
      collectiveId: null,
    };
    const exported = await accountData(store, { principal, email: GONE.email, ageBand: 'adult', now: AT });
    expect(keys.forgottenFamilies.filter((f) => !(f in shows) || !(f in EXPORTED))).toEqual([]);
    expect(keys.forgottenFamilies.filter((f) => !shows[f](exported))).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain(STAYING.email);
  });
});
