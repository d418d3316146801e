// Follows and the feed (issue 26 item 3). A fan follows athletes and schools (FOLLOWS#<buyer>, at
// most FOLLOWS_MAX; each follow also listed under the athlete's or school's FOLLOWERS#, whom an
// unlock tells: lambdas/notifications/fanout.ts). The feed merges the followed athletes' and
// schools' news (ACTIVITY#: new cards, unlocks, drops, posts), newest first, a page at a time:
// their heads (when each last had news) say in which order to read them, and a partition is read
// only while it can still hold one of the page's items, so a page costs a few Queries whatever the
// number of fans, and at most one per followed athlete or school.
import type { FeedItem, FeedResponse, FollowKind, FollowView, FollowsResponse } from '#shared/community/community-api';
import { FOLLOWS_MAX } from '#shared/community/community-api';
import { getAthleteProfile, getSchool } from '#lambdas/catalog/catalog-repo';
import { BadRequest, Conflict, NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import type { FollowTarget } from '#lambdas/platform/keys';
import { StoreConflict, keyString } from '#lambdas/platform/store';
import { AccountForgotten, isForgotten, notForgotten } from '#lambdas/identity/forgotten';
import type { Item, Store } from '#lambdas/platform/store';

export const FEED_PAGE = 20;

const targetOf = (kind: FollowKind, id: number): FollowTarget => ({ kind, id });

async function nameOf(target: FollowTarget): Promise<{ name: string; image: string | null } | null> {
  if (target.kind === 'athlete') {
    const athlete = await getAthleteProfile(target.id);
    return athlete ? { name: athlete.name, image: athlete.image ?? null } : null;
  }
  const school = await getSchool(target.id);
  return school ? { name: school.name, image: school.logo ?? null } : null;
}

export function follows(store: Store) {
  async function list(buyerKey: string): Promise<FollowsResponse> {
    const items = await store.query(keys.followsPartition(buyerKey), FOLLOWS_MAX);
    const views = await Promise.all(
      items.map(async (item): Promise<FollowView | null> => {
        const target = keys.followTargetOf(String(item.SK));
        const named = target ? await nameOf(target) : null;
        return target && named ? { kind: target.kind, id: target.id, name: named.name, image: named.image, since: String(item.since) } : null;
      }),
    );
    return { items: views.filter((v): v is FollowView => v !== null) };
  }

  async function add(buyerKey: string, kind: FollowKind, id: number): Promise<FollowsResponse> {
    const target = targetOf(kind, id);
    if (!(await nameOf(target))) throw new NotFound(kind === 'athlete' ? `Athlete ${id}` : `School ${id}`);
    const existing = await store.query(keys.followsPartition(buyerKey), FOLLOWS_MAX + 1);
    const already = existing.some((i) => i.SK === keys.follow(buyerKey, target).SK);
    if (!already && existing.length >= FOLLOWS_MAX) throw new Conflict(`You follow ${FOLLOWS_MAX} athletes and schools already: unfollow one first`);
    if (!already) {
      const since = new Date().toISOString();
      try {
        await store.transact([
          { put: { ...keys.follow(buyerKey, target), type: 'follow', kind, id, since } },
          { put: { ...keys.follower(target, buyerKey), type: 'follower', since } },
          // An account being deleted follows nothing more (its sign-in token outlives it by up to an hour).
          notForgotten(buyerKey),
        ]);
      } catch (error) {
        if (error instanceof StoreConflict && (await isForgotten(store, buyerKey))) throw new AccountForgotten();
        throw error;
      }
    }
    return list(buyerKey);
  }

  async function remove(buyerKey: string, kind: FollowKind, id: number): Promise<FollowsResponse> {
    const target = targetOf(kind, id);
    await store.transact([{ delete: keys.follow(buyerKey, target) }, { delete: keys.follower(target, buyerKey) }]);
    return list(buyerKey);
  }

  /** A page of the feed, newest first, before `cursor` (an item's id: `<at>#<event>`). */
  async function feed(buyerKey: string, cursor?: string): Promise<FeedResponse> {
    if (cursor !== undefined && !/^\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z#[A-Za-z0-9:_-]{1,160}$/.test(cursor))
      throw new BadRequest("'cursor' is not valid", { cursor: 'is not valid' });
    const followed = (await store.query(keys.followsPartition(buyerKey), FOLLOWS_MAX))
      .map((i) => keys.followTargetOf(String(i.SK)))
      .filter((t): t is FollowTarget => t !== null);
    if (followed.length === 0) return { items: [], nextCursor: null, following: 0 };
    const heads = await store.get(followed.map((t) => keys.activityHead(t)));
    const ordered = followed
      .map((t) => ({ t, lastAt: String(heads.get(keyString(keys.activityHead(t)))?.lastAt ?? '') }))
      .filter((h) => h.lastAt !== '')
      .sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : 0));
    const below = cursor ? `${keys.activityPrefix}${cursor}` : undefined;
    const seen = new Map<string, Item>();
    for (const { t, lastAt } of ordered) {
      // Every item still to read is at or before this head: once the page is full with newer items, stop.
      const sorted = [...seen.values()].sort((a, b) => (String(a.SK) < String(b.SK) ? 1 : -1));
      if (sorted.length >= FEED_PAGE + 1 && `${keys.activityPrefix}${lastAt}` < String(sorted[FEED_PAGE].SK)) break;
      const items = await store.query(keys.activityPartition(t), FEED_PAGE + 1, {
        beginsWith: keys.activityPrefix,
        descending: true,
        ...(below ? { below } : {}),
      });
      // News of an athlete reaches its followers and its school's: one item per event.
      for (const item of items) if (!seen.has(String(item.eventId))) seen.set(String(item.eventId), item);
    }
    const all = [...seen.values()].sort((a, b) => (String(a.SK) < String(b.SK) ? 1 : -1));
    const page = all.slice(0, FEED_PAGE).map((i): FeedItem => ({
      id: String(i.SK).slice(keys.activityPrefix.length),
      at: String(i.at),
      kind: i.kind as FeedItem['kind'],
      title: String(i.title),
      link: (i.link as string | null) ?? null,
      athleteId: Number(i.athleteId),
      schoolId: i.schoolId === null || i.schoolId === undefined ? null : Number(i.schoolId),
    }));
    return { items: page, nextCursor: all.length > FEED_PAGE ? page[page.length - 1].id : null, following: followed.length };
  }

  return { list, add, remove, feed };
}
