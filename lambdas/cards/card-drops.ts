// Moment drops (docs/decisions/0022-moment-drops.md): a collective schedules a card the athlete
// approved as an open edition (the lifecycle refuses a limited one) to sell during a window;
// orders created in the window are numbered in the order they are counted; when the window has
// ended the drop closes exactly once: its print run (the serials issued) becomes the card's
// edition size, recorded on the card and, under its version, on the
// athlete's total, which every settle step is guarded by, so no serial beyond the print run is
// ever issued (later units are oversold: counted, flagged, never dropped).
//
// The sweep (run every minute by the cards function's schedule; by local mode's settle loop after
// each settle pass) works from one small partition of what is due (keys.dropStart, dropEnd,
// dropShopify): a drop's start opens its Shopify product and tells fans, its end closes it, and a
// closed drop's product is taken off sale. Each is one transaction that deletes its due item
// (guarded by its existence), so it happens once, with the events the hook writes
// (drop-started, drop-closed: lambdas/cards/event-writes.ts).
import type { OwnerCard, ScheduleDropRequest } from '#shared/cards/cards-api';
import type { DomainEvent } from '#shared/cards/domain-events';
import { REFUSALS, next } from '#shared/cards/lifecycle';
import { saleTotalsOf } from '#lambdas/catalog/catalog-views';
import { milestoneWrite } from '#lambdas/catalog/collective-milestones';
import { Conflict, ValidationError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, versionIs } from '#lambdas/platform/store';
import type { Item, TransactionalStore, Write } from '#lambdas/platform/store';
import { localProductId, productInput } from './card-publishing';
import { shopifyFailure } from './shopify-products';
import { admit, findCard, moved, mover, ownerCard, ownerResult, replaceCard, requireMember } from './card-transaction';
import type { Actor, CardTransactions, CardsDeps } from './card-transaction';
import { noEventWrites } from './event-writes';
import type { EventWrites } from './event-writes';

export interface DropDeps extends CardsDeps {
  /** Puts the card's Shopify product on sale or takes it off (Admin API mode only). */
  setProductStatus: (productId: string, status: 'ACTIVE' | 'DRAFT') => Promise<void>;
  /** Items written with each drop event, in the same transaction (default: none). */
  eventWrites?: EventWrites;
}

/** How long after a window's end the AWS sweep closes a drop: time for the stream to settle the
 * orders accepted before the end (its lag: docs/BENCHMARKS.md, "Drop day"). Local mode settles
 * what is pending just before it sweeps, and closes at once. */
export const DROP_CLOSE_GRACE_MS = 60_000;

/** Due items one sweep takes of each kind (a sweep runs every minute). */
const SWEEP_LIMIT = 25;

/** Who the audit log names for the sweep's moves. */
const SWEEP_ACTOR: Actor = { sub: 'drift', label: 'Drift' };

const refOf = (item: Item) => ({ athleteId: Number(item.athleteId), cardId: Number(item.cardId) });

export function cardDrops(store: TransactionalStore, { getItem, snapshot, mutate }: CardTransactions) {
  const hook = (deps: Pick<DropDeps, 'eventWrites'>) => deps.eventWrites ?? noEventWrites;

  /**
   * Schedules a moment drop of an approved card: as a publication (its image must still be the
   * approved version; its product comes from the collective, the Admin API or local mode), with
   * the window and the sweep's due items. Only an approved open edition is dropped (`admit`
   * refuses a limited one before any product is created): the drop changes nothing approved. A
   * drop starting now opens at once (its drop-started event in this transaction).
   */
  async function scheduleDrop(
    collectiveId: number,
    athleteId: number,
    cardId: number,
    request: ScheduleDropRequest,
    actor: Actor,
    deps: DropDeps,
    siteOrigin: string | null = null,
  ): Promise<OwnerCard> {
    const first = await snapshot(athleteId);
    requireMember(first.athlete, collectiveId);
    const card = findCard(first.athlete, cardId);
    const asked = { move: 'schedule-drop' as const, startsAt: request.startsAt, endsAt: request.endsAt, shopifyProductId: request.shopifyProductId };
    if (admit(card, asked, 'collective')) return ownerCard(card, saleTotalsOf(first.total));
    const current = await deps.fingerprint(card.image);
    if (current !== card.approval?.imageHash) throw new Conflict(REFUSALS.imageChangedAfterApproval);
    const startsNow = Date.parse(request.startsAt) <= deps.now().getTime();
    let productId = request.shopifyProductId;
    if (!productId) {
      const mode = deps.publishMode();
      if (mode === 'local') productId = localProductId(athleteId, cardId);
      else if (mode === 'admin-api') {
        try {
          // On sale in the storefront only from the window's start (the sweep opens it then).
          productId = await deps.createProduct({
            ...productInput(first.athlete, { ...card, editionSize: null }, siteOrigin),
            status: startsNow ? 'ACTIVE' : 'DRAFT',
          });
        } catch (error) {
          throw shopifyFailure(error, 'Nothing was scheduled');
        }
      } else throw new ValidationError({ shopifyProductId: 'Enter the id of the Shopify product that sells this card' });
    }
    const product = productId;
    return mutate(
      athleteId,
      (snap) => {
        const now = findCard(snap.athlete, cardId);
        const by = mover('collective', actor, deps);
        const outcome = next(
          now,
          { move: 'schedule-drop', shopifyProductId: product, imageHash: current, startsAt: request.startsAt, endsAt: request.endsAt },
          by,
        );
        if (!outcome.ok) throw new Conflict(outcome.status === 409 ? outcome.reason : REFUSALS.changedWhilePublishing);
        if (!outcome.changed) return { after: null, result: ownerResult(cardId, snap) };
        const absent = { notExists: true } as const;
        const extra: Write[] = [
          milestoneWrite(collectiveId, 'firstPublishedAt', by.at, actor.sub),
          { put: { ...keys.dropEnd(request.endsAt, athleteId, cardId), athleteId, cardId, endsAt: request.endsAt }, condition: absent },
          ...(startsNow
            ? started(athleteId, cardId, request, by.at, deps)
            : [{ put: { ...keys.dropStart(request.startsAt, athleteId, cardId), athleteId, cardId, startsAt: request.startsAt }, condition: absent }]),
        ];
        return {
          after: replaceCard(snap.athlete, outcome.card),
          extra,
          result: ownerResult(cardId, snap),
          check: async () => {
            const owner = await getItem(keys.catalogProduct(product));
            if (owner && (Number(owner.athleteId) !== athleteId || Number(owner.cardId) !== cardId))
              throw new Conflict(`Shopify product ${product} already sells another card`);
          },
        };
      },
      actor,
    );
  }

  /** The drop-started event's writes (the hook's). */
  function started(athleteId: number, cardId: number, window: Pick<ScheduleDropRequest, 'startsAt' | 'endsAt'>, at: string, deps: DropDeps): Write[] {
    const event: DomainEvent = { kind: 'drop-started', athleteId, cardId, at, startsAt: window.startsAt, endsAt: window.endsAt };
    return hook(deps)(event);
  }

  const due = (prefix: string, below: string) => store.query(keys.dropsPartition, SWEEP_LIMIT, { beginsWith: prefix, below });
  /** A due item's delete, guarded by its existence: whoever deletes it first does its work. */
  const claim = (item: Item): Write => ({ delete: { PK: String(item.PK), SK: String(item.SK) }, condition: { exists: true } });

  /** Opens the drops whose window has started: their product on sale, fans told. */
  async function startDue(now: Date, deps: DropDeps): Promise<number> {
    let opened = 0;
    for (const item of await due(keys.dropStartPrefix, `${keys.dropStartPrefix}${now.toISOString()}$`)) {
      const { athleteId, cardId } = refOf(item);
      const card = (await snapshot(athleteId)).athlete.digitalcollectibles.find((c) => c.id === cardId);
      // Shopify first (idempotent): if the write below fails, the next sweep opens it again.
      if (card?.drop && deps.publishMode() === 'admin-api' && card.shopifyProductId) await deps.setProductStatus(card.shopifyProductId, 'ACTIVE');
      const writes = card?.drop ? started(athleteId, cardId, card.drop, now.toISOString(), deps) : [];
      if (await once([claim(item), ...writes])) opened++;
    }
    return opened;
  }

  /** Closes the drops whose window ended at least `graceMs` ago: each print run fixed once. */
  async function closeDue(now: Date, graceMs: number, deps: DropDeps): Promise<number> {
    let closed = 0;
    const cutoff = new Date(now.getTime() - graceMs).toISOString();
    for (const item of await due(keys.dropEndPrefix, `${keys.dropEndPrefix}${cutoff}$`)) {
      const { athleteId, cardId } = refOf(item);
      const outcome = await mutate<'closed' | 'nothing'>(
        athleteId,
        (snap) => {
          const card = snap.athlete.digitalcollectibles.find((c) => c.id === cardId);
          // Gone or not a drop: nothing to close, only the due item goes.
          if (!card?.drop) return { after: null, result: () => 'nothing' };
          const printRun = Number(saleTotalsOf(snap.total).issued[String(cardId)] ?? 0);
          const by = mover('collective', SWEEP_ACTOR, { now: () => now });
          const step = moved(card, { move: 'close-drop', printRun }, by);
          // Closed already (by another sweep): its due item went with that close.
          if (!step.changed) return { after: null, result: () => 'nothing' };
          const version = Number(snap.total?.version ?? 0);
          const printRuns = { ...((snap.total?.printRuns as Record<string, number> | undefined) ?? {}), [String(cardId)]: printRun };
          const extra: Write[] = [
            claim(item),
            // The authority every settle step reads, with the version it is guarded by.
            { update: keys.aggTotal(athleteId), set: { athleteId, printRuns, version: version + 1 }, condition: versionIs(version) },
            ...(deps.publishMode() === 'admin-api' && card.shopifyProductId
              ? [{ put: { ...keys.dropShopify(athleteId, cardId), athleteId, cardId, productId: card.shopifyProductId } }]
              : []),
            ...hook(deps)({ kind: 'drop-closed', athleteId, cardId, at: by.at, printRun }),
          ];
          return { after: replaceCard(snap.athlete, step.card), extra, result: () => 'closed' };
        },
        SWEEP_ACTOR,
      ).catch((error: unknown) => {
        // Settle steps kept moving the total past the attempts: the next sweep closes it.
        if (error instanceof Conflict) return 'busy' as const;
        throw error;
      });
      if (outcome === 'closed') closed++;
      else if (outcome === 'nothing') await once([claim(item)]);
    }
    return closed;
  }

  /** Takes closed drops' products off sale on Shopify (after the close's transaction). */
  async function unpublishClosed(deps: DropDeps): Promise<number> {
    let done = 0;
    for (const item of await due(keys.dropShopifyPrefix, `${keys.dropShopifyPrefix}~`)) {
      await deps.setProductStatus(String(item.productId), 'DRAFT');
      if (await once([claim(item)])) done++;
    }
    return done;
  }

  /** Writes all or nothing; false when a guard failed (another sweep did it). */
  async function once(writes: Write[]): Promise<boolean> {
    try {
      await store.transact(writes);
      return true;
    } catch (error) {
      if (error instanceof StoreConflict) return false;
      throw error;
    }
  }

  /** One sweep: opens, closes and takes off sale what is due at `now`. */
  async function sweepDrops(deps: DropDeps, options: { now?: Date; graceMs?: number } = {}): Promise<{ started: number; closed: number; unpublished: number }> {
    const now = options.now ?? deps.now();
    const startedCount = await startDue(now, deps);
    const closed = await closeDue(now, options.graceMs ?? DROP_CLOSE_GRACE_MS, deps);
    const unpublished = await unpublishClosed(deps);
    return { started: startedCount, closed, unpublished };
  }

  return { scheduleDrop, sweepDrops };
}
