// One athlete's cards as one unit of writes (the card lifecycle's repository, cards-repo.ts, is
// built on it): a snapshot of the athlete (profile, cards and sets with the profile's version, from
// one Query of its partition: lambdas/catalog/athlete-record.ts) and of its total; a change of it
// written as one transaction over the items it touches (the card, its set, the product index, the
// collective's member entry, and any further writes such as the total's unlock times), guarded by
// the profile's version, so two editors never lose an update: the one whose version moved reads
// again and decides again (retryOnConflict). Over the store port (lambdas/platform/store.ts), so
// it runs on the table or in memory. Also the lifecycle's verdicts as HTTP errors and the small
// helpers every move uses.
import type { CardProductInput } from './shopify-products';
import type { OwnerCard, OwnerCardsResponse } from '#shared/cards/cards-api';
import { check, isPublic, next, stateOf } from '#shared/cards/lifecycle';
import type { Mover, Request, Role, Step, Verdict } from '#shared/cards/lifecycle';
import { topFanSetsOf } from '#shared/cards/sets';
import type { Athlete, DigitalCollectible } from '#shared/catalog/catalog-types';
import { readAthleteRecord } from '#lambdas/catalog/athlete-record';
import { cardItem, memberItem, productItem, setItem } from '#lambdas/catalog/catalog-items';
import { cardView, saleTotalsOf } from '#lambdas/catalog/catalog-views';
import { catalogWritten } from '#lambdas/platform/cache-policy';
import { Conflict, Forbidden, NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString, noBackoff, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Item, Key, TransactionalStore, Write } from '#lambdas/platform/store';
import { eventsWrites } from '#lambdas/notifications/event-writes';
import { cardEvents } from './card-events';

/** Attempts of a change whose lock moved (each reads again, without waiting), then 409. */
const ATTEMPTS = 5;

export type PublishMode = OwnerCardsResponse['publishMode'];

export interface CardsDeps {
  now: () => Date;
  /** The image version (lambdas/cards/image-fingerprint.ts). */
  fingerprint: (url: string) => Promise<string>;
  publishMode: () => PublishMode;
  /** Creates (or, on a retry, finds) the card's Shopify product; its id. */
  createProduct: (input: CardProductInput) => Promise<string>;
}

/** Who acts: the account's subject, and what the collective's audit log calls it (its email). */
export interface Actor {
  sub: string;
  label?: string;
}

export interface Snapshot {
  athlete: Athlete;
  /** The profile's version (the lock of every athlete write), read with the athlete. */
  version: number;
  total: Item | undefined;
}

export interface Change<T> {
  /** The athlete after the change, or null for no change (an idempotent repeat). */
  after: Athlete | null;
  result: (after: Athlete) => T;
  /** Further writes in the same transaction as the athlete's, all or nothing with them: the
   * place for a move's own writes (publishing's unlock times on the total, or its guard on the
   * total's version: totalAsRead). */
  extra?: Write[];
  /** Checked before writing (a product id already selling another card). */
  check?: () => Promise<void>;
}

// ---- helpers of every move -------------------------------------------------------------------------

export function findCard(athlete: Athlete, cardId: number): DigitalCollectible {
  const card = athlete.digitalcollectibles.find((c) => c.id === cardId);
  if (!card) throw new NotFound(`Card ${cardId} of athlete ${athlete.id}`);
  return card;
}

export function requireMember(athlete: Pick<Athlete, 'name' | 'collectiveId'>, collectiveId: number): void {
  if (athlete.collectiveId !== collectiveId) throw new Forbidden(`${athlete.name} is not a member of this collective`);
}

export function replaceCard(athlete: Athlete, card: DigitalCollectible): Athlete {
  return { ...athlete, digitalcollectibles: athlete.digitalcollectibles.map((c) => (c.id === card.id ? card : c)) };
}

export const mover = (role: Role, actor: Actor, deps: Pick<CardsDeps, 'now'>): Mover => ({ role, sub: actor.sub, at: deps.now().toISOString() });

/** The lifecycle's refusal as the HTTP error it answers: 409, or 403 for a move of the other side. */
const refusal = ({ status, reason }: { status: 403 | 409; reason: string }) => (status === 403 ? new Forbidden(reason) : new Conflict(reason));

export function refuseUnless(verdict: Verdict): void {
  if (!verdict.ok) throw refusal(verdict);
}

/** Throws the lifecycle's refusal of a request (before the image is read); true for a repeat. */
export function admit(card: DigitalCollectible, request: Request, role: Role): boolean {
  const checked = check(card, request, role);
  if (!checked.ok) throw refusal(checked);
  return checked.repeat;
}

/** The card after a step (`changed` false for a repeat), or the lifecycle's refusal thrown. */
export function moved(card: DigitalCollectible, step: Step, by: Mover): { card: DigitalCollectible; changed: boolean } {
  const outcome = next(card, step, by);
  if (!outcome.ok) throw refusal(outcome);
  return outcome;
}

/** A card as its owners see it: its state, and its sale state once public. */
export function ownerCard(card: DigitalCollectible, totals: ReturnType<typeof saleTotalsOf>): OwnerCard {
  return { ...card, state: stateOf(card), sale: isPublic(card) ? cardView(card, totals) : null };
}

/** The answer of a move on one card: the card after it, with the sale totals of the snapshot. */
export const ownerResult = (cardId: number, snap: Snapshot) => (after: Athlete) => ownerCard(findCard(after, cardId), saleTotalsOf(snap.total));

// ---- writes ------------------------------------------------------------------------------------------

/**
 * The total is as the snapshot read it (its version, or still absent): a condition on the
 * athlete's total for a change decided on it. The total is another partition than the athlete's
 * profile, so one Query cannot read both: a change that reads the total under the profile's
 * version alone could be built on a total a settle step has moved since. Guarded by both versions,
 * such a change reads again and decides again.
 */
export function totalAsRead(athleteId: number, snap: Pick<Snapshot, 'total'>): Write {
  const key = keys.aggTotal(athleteId);
  return { check: { PK: key.PK, SK: key.SK }, condition: snap.total ? versionIs(Number(snap.total.version ?? 0)) : { notExists: true } };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The writes that bring an athlete's cards, sets, product index and member entry from `before` to `after`. */
function athleteWrites(before: Athlete, after: Athlete, version: number): Write[] {
  const writes: Write[] = [{ update: keys.catalogAthlete(after.id), set: { version: version + 1 }, condition: versionIs(version) }];
  const del = (key: Key): Write => ({ delete: { PK: key.PK, SK: key.SK } });
  const beforeCards = new Map(before.digitalcollectibles.map((c) => [c.id, c]));
  const afterCards = new Map(after.digitalcollectibles.map((c) => [c.id, c]));
  for (const card of after.digitalcollectibles) if (!same(beforeCards.get(card.id), card)) writes.push({ put: cardItem(after.id, card) });
  for (const card of before.digitalcollectibles) if (!afterCards.has(card.id)) writes.push(del(keys.catalogCard(after.id, card.id)));
  const beforeSets = new Map((before.sets ?? []).map((s) => [s.id, s]));
  const afterSets = new Map((after.sets ?? []).map((s) => [s.id, s]));
  for (const set of after.sets ?? []) if (!same(beforeSets.get(set.id), set)) writes.push({ put: setItem(after.id, set) });
  for (const set of before.sets ?? []) if (!afterSets.has(set.id)) writes.push(del(keys.catalogSet(after.id, set.id)));
  for (const card of after.digitalcollectibles) {
    if (!card.shopifyProductId || beforeCards.get(card.id)?.shopifyProductId === card.shopifyProductId) continue;
    // A product sells one card: never take over another card's product.
    writes.push({
      put: productItem(card.shopifyProductId, after.id, card.id),
      condition: {
        or: [
          { notExists: true },
          {
            and: [
              { field: 'athleteId', is: after.id },
              { field: 'cardId', is: card.id },
            ],
          },
        ],
      },
    });
  }
  const publicCount = (a: Athlete) => a.digitalcollectibles.filter(isPublic).length;
  if (after.collectiveId != null && publicCount(before) !== publicCount(after)) writes.push({ put: memberItem(after.collectiveId, after) });
  return writes;
}

/** The unit of writes over `store`; `recomputeTopFans` runs after a change of the sets that make a Top Fan. */
export function cardTransactions(store: TransactionalStore, recomputeTopFans: (athleteId: number) => Promise<unknown>) {
  const getItem = async (key: Key): Promise<Item | undefined> => (await store.get([key])).get(keyString(key));

  /** The athlete with its profile's version (one Query) and its total. */
  async function snapshot(athleteId: number): Promise<Snapshot> {
    const [{ athlete, version }, total] = await Promise.all([readAthleteRecord(store, athleteId), getItem(keys.aggTotal(athleteId))]);
    if (!athlete) throw new NotFound(`Athlete ${athleteId}`);
    return { athlete, version: Number(version ?? 1), total };
  }

  /** Reads the athlete, applies `change`, writes it in one transaction with the change's events (the
   * audit entries and notices card-events.ts derives from it: `actor` is who the log names); reads
   * again and decides again after a concurrent write, ATTEMPTS times, then 409. */
  function mutate<T>(athleteId: number, change: (snap: Snapshot) => Promise<Change<T>> | Change<T>, actor?: Actor): Promise<T> {
    return retryOnConflict(
      async () => {
        const snap = await snapshot(athleteId);
        const { after, result, extra, check } = await change(snap);
        if (!after) return result(snap.athlete);
        await check?.();
        const events = eventsWrites(cardEvents(snap.athlete, after, actor, new Date().toISOString()));
        await store.transact([...athleteWrites(snap.athlete, after, snap.version), ...(extra ?? []), ...events]);
        catalogWritten();
        if (!same(topFanSetsOf(snap.athlete), topFanSetsOf(after))) await recomputeTopFans(athleteId);
        return result(after);
      },
      { attempts: ATTEMPTS, backoff: noBackoff, onExhausted: () => new Conflict('The athlete’s cards changed while saving; try again') },
    );
  }

  return { getItem, snapshot, mutate };
}

export type CardTransactions = ReturnType<typeof cardTransactions>;
