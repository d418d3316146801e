// The jobs settlement leaves for the sender (settle-hooks.ts), applied exactly once each:
// - an event's job: its audit entry, the notices of the athlete, the collective or the fan, and the
//   news for the feeds, in one transaction with the job's `direct` mark (a retry finds it marked);
//   then, for an unlock, the athlete's followers a page at a time (each follower's notice is written
//   only if absent, so a page applied twice tells nobody twice, and only if the follower was not
//   forgotten since: keys.personForgotten), the page's end kept on the job;
//   the job is deleted when done;
// - a school tally: the fan's entry on the school's board moves by the delta (under the entry's
//   version) and the school's count of fans when it crosses 0, in one transaction with the job's
//   deletion. Tallies of one fan commute, so their order does not matter.
import type { DriftEvent, Notice } from '#shared/notifications/events';
import type { Athlete, DigitalCollectible } from '#shared/catalog/catalog-types';
import { NO_COPIES_SOLD } from '#shared/cards/editions';
import * as keys from '#lambdas/platform/keys';
import type { BoardRef } from '#lambdas/platform/keys';
import { StoreConflict, keyString, noBackoff, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Item, Key, Store, Write } from '#lambdas/platform/store';
import { RetryLater } from '#lambdas/platform/errors';
import { notForgotten } from '#lambdas/identity/forgotten';
import { activityWrites, eventWrites, noteItem } from './event-writes';
import type { JobEvent } from './settle-hooks';

/** Followers told per page (each a 2-item transaction). */
export const FOLLOWER_PAGE = 100;
/** Pages applied per delivery before leaving the rest to the next. */
const PAGES_PER_DELIVERY = 10;

export type JobOutcome = 'done' | 'more' | 'gone' | 'not-due';

async function getItem(store: Store, key: Key): Promise<Item | undefined> {
  return (await store.get([key])).get(keyString(key));
}

/** The athlete (its profile) and the card an event names, from the catalog's items. */
async function subjectOf(store: Store, event: JobEvent): Promise<{ athlete: Omit<Athlete, 'digitalcollectibles'> | null; card: DigitalCollectible | null }> {
  const found = await store.get([keys.catalogAthlete(event.athleteId), ...('cardId' in event ? [keys.catalogCard(event.athleteId, event.cardId)] : [])]);
  const athlete = (found.get(keyString(keys.catalogAthlete(event.athleteId)))?.data as Omit<Athlete, 'digitalcollectibles'> | undefined) ?? null;
  const card =
    event.kind !== 'top-fan' ? ((found.get(keyString(keys.catalogCard(event.athleteId, event.cardId)))?.data as DigitalCollectible | undefined) ?? null) : null;
  return { athlete, card };
}

/** What an event of settlement records and tells directly (the followers come after, by pages). */
export function settlementEvent(
  event: JobEvent,
  jobId: string,
  athlete: Pick<Athlete, 'id' | 'name' | 'schoolId' | 'collectiveId'>,
  card: Pick<DigitalCollectible, 'id' | 'name'> | null,
): { direct: DriftEvent; followers: Notice | null } {
  const collectiveId = athlete.collectiveId ?? null;
  const cardName = card ? `“${card.name}”` : 'a card';
  const base = { id: jobId.replace(/[^A-Za-z0-9:_-]/g, '-').slice(0, 160), at: event.at, actor: { role: 'system' as const, sub: null, label: 'Drift' } };
  if (event.kind === 'unlock-reached') {
    const notice: Notice = {
      category: 'unlock_reached',
      recipients: [],
      title: `${athlete.name} unlocked ${cardName}`,
      body: `Fans reached the quota: ${cardName} of ${athlete.name} is on sale now.`,
      link: `/athlete/${athlete.id}/card/${event.cardId}`,
    };
    return {
      direct: {
        ...base,
        action: 'card.unlocked',
        summary: `Unlocked ${cardName} of ${athlete.name}: its quota was reached`,
        subject: { type: 'card', id: `${athlete.id}/${event.cardId}`, athleteId: athlete.id },
        auditCollectiveId: collectiveId,
        before: { locked: true },
        after: { locked: false, unlockedAt: event.at },
        notices: [
          {
            ...notice,
            recipients: [{ kind: 'athlete', athleteId: athlete.id }, ...(collectiveId !== null ? [{ kind: 'collective' as const, collectiveId }] : [])],
          },
        ],
        activity: {
          athleteId: athlete.id,
          schoolId: athlete.schoolId ?? null,
          kind: 'unlock',
          title: `${athlete.name} unlocked ${cardName}`,
          link: notice.link,
        },
      },
      followers: notice,
    };
  }
  if (event.kind === 'top-fan')
    return {
      direct: {
        ...base,
        action: 'fan.top-fan',
        summary: `A fan became a Top Fan of ${athlete.name}`,
        subject: { type: 'member', id: String(athlete.id), athleteId: athlete.id },
        auditCollectiveId: null,
        notices: [
          {
            category: 'top_fan',
            recipients: [{ kind: 'fan', buyerKey: event.buyerKey }],
            title: `You are a Top Fan of ${athlete.name}`,
            body: `You hold a whole set of ${athlete.name}'s cards. Your Top Fan badge shows in My Collection and on the athlete's Top Fans.`,
            link: '/mycards',
          },
        ],
      },
      followers: null,
    };
  const cardLink = `/athlete/${athlete.id}/card/${event.cardId}`;
  const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  if (event.kind === 'drop-started')
    return {
      direct: {
        ...base,
        action: 'drop.started',
        summary: `The drop of ${cardName} of ${athlete.name} opened (until ${when(event.endsAt)})`,
        subject: { type: 'card', id: `${athlete.id}/${event.cardId}`, athleteId: athlete.id },
        auditCollectiveId: collectiveId,
        before: { phase: 'scheduled' },
        after: { phase: 'live', startsAt: event.startsAt, endsAt: event.endsAt },
        activity: {
          athleteId: athlete.id,
          schoolId: athlete.schoolId ?? null,
          kind: 'drop',
          title: `${athlete.name}'s drop ${cardName} is live`,
          link: cardLink,
        },
      },
      followers: {
        category: 'drop_starting',
        recipients: [],
        title: `${athlete.name}'s drop is live: ${cardName}`,
        body: `${cardName} is on sale until ${when(event.endsAt)}: every card sold in the window gets its serial, and the print run is fixed when it closes.`,
        link: cardLink,
      },
    };
  if (event.kind === 'drop-closing')
    return {
      direct: {
        ...base,
        action: 'drop.closing',
        summary: `The drop of ${cardName} closes at ${when(event.endsAt)}`,
        subject: { type: 'card', id: `${athlete.id}/${event.cardId}`, athleteId: athlete.id },
        auditCollectiveId: null,
      },
      followers: {
        category: 'drop_closing',
        recipients: [],
        title: `Last hour: ${athlete.name}'s drop ${cardName}`,
        body: `The drop of ${cardName} closes at ${when(event.endsAt)}. After that its print run is fixed for good.`,
        link: cardLink,
      },
    };
  if (event.kind === 'drop-closed')
    return {
      direct: {
        ...base,
        action: 'drop.closed',
        // A print run only when more than 0 (issue 32).
        summary: `The drop of ${cardName} of ${athlete.name} closed: ${event.printRun > 0 ? `print run ${event.printRun}` : NO_COPIES_SOLD.toLowerCase()}`,
        subject: { type: 'card', id: `${athlete.id}/${event.cardId}`, athleteId: athlete.id },
        auditCollectiveId: collectiveId,
        before: { phase: 'live' },
        after: { phase: 'closed', printRun: event.printRun },
      },
      followers: null,
    };
  return {
    direct: {
      ...base,
      action: 'card.sold-out',
      summary: `The ${event.editionSize} serials of ${cardName} of ${athlete.name} are all sold`,
      subject: { type: 'card', id: `${athlete.id}/${event.cardId}`, athleteId: athlete.id },
      auditCollectiveId: collectiveId,
      before: null,
      after: { soldOut: true, editionSize: event.editionSize },
    },
    followers: null,
  };
}

export function jobRunner(store: Store, now: () => Date) {
  async function runEvent(key: Key, job: Item): Promise<JobOutcome> {
    const event = job.event as JobEvent;
    const { athlete, card } = await subjectOf(store, event);
    if (!athlete) {
      await store.write({ delete: key });
      return 'done';
    }
    const { direct, followers } = settlementEvent(event, String(job.jobId), athlete, card);
    if (job.direct !== true) {
      // The news head takes the time of writing: it is never before any entry it heads.
      const writes = eventWrites({ ...direct, activity: undefined });
      if (direct.activity) writes.push(...activityWrites(direct.activity, direct.id, direct.at, now().toISOString()));
      try {
        await store.transact([{ update: key, set: { direct: true }, condition: { absentField: 'direct' } }, ...writes]);
      } catch (error) {
        // Another worker applied them (the job's mark moved first): go on with the followers.
        if (!(error instanceof StoreConflict)) throw error;
      }
    }
    if (!followers) {
      await store.write({ delete: key });
      return 'done';
    }
    let cursor = (job.cursor as string | null) ?? null;
    for (let page = 0; page < PAGES_PER_DELIVERY; page++) {
      const items = await store.query(keys.followersPartition({ kind: 'athlete', id: athlete.id }), FOLLOWER_PAGE, cursor ? { from: `${cursor} ` } : {});
      for (const item of items) {
        const buyerKey = keys.followerBuyerOf(String(item.SK));
        if (!buyerKey) continue;
        const recipient = { kind: 'fan' as const, buyerKey };
        try {
          await store.transact([
            { put: noteItem(direct, followers, recipient, direct.id), condition: { notExists: true } },
            { update: keys.notifyState(`F${buyerKey}`), add: { unread: 1, version: 1 } },
            // A follower whose account was deleted since this page was read is told nothing.
            notForgotten(buyerKey, now()),
          ]);
        } catch (error) {
          if (!(error instanceof StoreConflict)) throw error; // told already, or forgotten
        }
      }
      if (items.length < FOLLOWER_PAGE) {
        await store.write({ delete: key });
        return 'done';
      }
      const next = String(items[items.length - 1].SK);
      await store
        .write({ update: key, set: { cursor: next }, condition: cursor ? { field: 'cursor', is: cursor } : { absentField: 'cursor' } })
        .catch((error: unknown) => {
          if (!(error instanceof StoreConflict)) throw error;
        });
      cursor = next;
    }
    return 'more';
  }

  async function runTally(key: Key, job: Item): Promise<JobOutcome> {
    const board: BoardRef = { kind: 'school', schoolId: Number(job.schoolId) };
    const buyerKey = String(job.buyerKey);
    const delta = Number(job.delta);
    return retryOnConflict(
      async () => {
        const entryKey = keys.boardEntry(board, buyerKey);
        const entry = await getItem(store, entryKey);
        const before = Number(entry?.units ?? 0);
        const units = before + delta;
        const version = Number(entry?.version ?? 0);
        // Tallies arrive in any order: an entry may go below zero for a while; it is ranked only above zero.
        const reachedAt = delta > 0 || !entry ? String(job.at) : String(entry.reachedAt ?? job.at);
        // An entry back at zero units is deleted (a later tally starts it again from nothing, the same
        // state): a fan who holds nothing, and an account deleted with its cards, leave no key behind.
        const writes: Write[] = [
          { delete: key, condition: { exists: true } },
          units === 0 && entry
            ? { delete: entryKey, condition: versionIs(version) }
            : {
                put: {
                  ...entryKey,
                  ...(units > 0 ? keys.boardRank(board, units, reachedAt, buyerKey) : {}),
                  type: 'board',
                  buyerKey,
                  units,
                  reachedAt,
                  version: version + 1,
                },
                condition: entry ? versionIs(version) : { notExists: true },
              },
        ];
        const crossed = (units > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
        if (crossed) writes.push({ update: keys.boardCount(board), add: { fans: crossed } });
        try {
          await store.transact(writes);
        } catch (error) {
          // The job is gone: another worker applied it.
          if (error instanceof StoreConflict && error.failed.includes(0)) return 'done' as const;
          throw error;
        }
        return 'done' as const;
      },
      { attempts: 10, backoff: noBackoff, onExhausted: () => new RetryLater(`school ${board.schoolId}'s board is busy`) },
    );
  }

  /** Applies one job by its key. Safe to repeat and to run twice at once. */
  async function run(key: Key): Promise<JobOutcome> {
    const job = await getItem(store, key);
    if (!job) return 'gone';
    // A job for later (a drop's closing reminder): the sweep brings it back when it is due.
    if (typeof job.dueAt === 'string' && job.dueAt > now().toISOString()) return 'not-due';
    return job.kind === 'tally' ? runTally(key, job) : runEvent(key, job);
  }

  return { run };
}
