// Publishing an approved card (docs/ARCHITECTURE.md "Card lifecycle"): its image must still be
// the version the athlete approved (else the card goes back to the athlete), its product id comes
// from the collective, from the Shopify Admin API (one productSet call, upserted by the card's
// handle so a retry never makes two) or from local mode, a product sells one card, and a quota
// already reached is unlocked now (recorded on the athlete's total under its version, in the same
// transaction as the card).
import type { OwnerCard, PublishRequest } from '#shared/cards/cards-api';
import { REFUSALS, can, next } from '#shared/cards/lifecycle';
import { unlocksNow } from '#shared/cards/quota';
import { saleTotalsOf } from '#lambdas/catalog/catalog-views';
import { Conflict, ValidationError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { versionIs } from '#lambdas/platform/store';
import type { Write } from '#lambdas/platform/store';
import { admit, findCard, moved, mover, ownerCard, ownerResult, replaceCard, requireMember, totalAsRead } from './card-transaction';
import type { Actor, CardTransactions, CardsDeps } from './card-transaction';
import { milestoneWrite } from '#lambdas/catalog/collective-milestones';
import type { Athlete, DigitalCollectible } from '#shared/catalog/catalog-types';
import type { CardProductInput } from './shopify-products';
import { shopifyFailure } from './shopify-products';

/** A local product id (local mode, where the local checkout stands in for Shopify): 9 + athlete + card. */
export const localProductId = (athleteId: number, cardId: number) => `9${String(athleteId).padStart(9, '0')}${String(cardId).padStart(4, '0')}`;

export const productHandle = (athleteId: number, cardId: number) => `drift-a${athleteId}-c${cardId}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The Shopify product that sells a card (publishing, a drop's schedule). */
export function productInput(athlete: Pick<Athlete, 'id' | 'school'>, card: DigitalCollectible, siteOrigin: string | null): CardProductInput {
  return {
    handle: productHandle(athlete.id, card.id),
    title: card.name,
    descriptionHtml: escapeHtml(card.description),
    vendor: athlete.school,
    priceCents: card.priceCents,
    editionSize: card.editionSize ?? null,
    imageUrl: siteOrigin ? `${siteOrigin}${card.image}` : null,
    sku: `DRIFT-${athlete.id}-${card.id}`,
  };
}

export function cardPublishing({ getItem, snapshot, mutate }: CardTransactions) {
  /**
   * Publishes an approved card: its image must still be the approved version (else the card goes
   * back to the athlete), its product id comes from the collective, the Admin API or local mode,
   * and a quota already reached is unlocked now (recorded on the athlete's total).
   */
  async function publishCard(
    collectiveId: number,
    athleteId: number,
    cardId: number,
    request: PublishRequest,
    actor: Actor,
    deps: CardsDeps,
    /** The site's https origin, so Shopify can fetch the card's image (null: no image on the product). */
    siteOrigin: string | null = null,
  ): Promise<OwnerCard> {
    const first = await snapshot(athleteId);
    requireMember(first.athlete, collectiveId);
    const card = findCard(first.athlete, cardId);
    if (admit(card, { move: 'publish', shopifyProductId: request.shopifyProductId }, 'collective')) return ownerCard(card, saleTotalsOf(first.total));
    const current = await deps.fingerprint(card.image);
    if (current !== card.approval?.imageHash) {
      await mutate(
        athleteId,
        (snap) => {
          const now = findCard(snap.athlete, cardId);
          // Only a card still waiting for publication goes back to the athlete.
          if (!can(now, 'publish').ok) return { after: null, result: () => undefined };
          const back = moved(now, { move: 'image-changed', imageHash: current }, mover('collective', actor, deps)).card;
          return { after: replaceCard(snap.athlete, back), result: () => undefined };
        },
        actor,
      );
      throw new Conflict(REFUSALS.imageChangedAfterApproval);
    }
    let productId = request.shopifyProductId;
    const mode = deps.publishMode();
    if (!productId) {
      if (mode === 'local') productId = localProductId(athleteId, cardId);
      else if (mode === 'admin-api') {
        try {
          productId = await deps.createProduct(productInput(first.athlete, card, siteOrigin));
        } catch (error) {
          throw shopifyFailure(error, 'Nothing was published');
        }
      } else throw new ValidationError({ shopifyProductId: 'Enter the id of the Shopify product that sells this card' });
    }
    const product = productId;
    return mutate(
      athleteId,
      (snap) => {
        const now = findCard(snap.athlete, cardId);
        const by = mover('collective', actor, deps);
        const outcome = next(now, { move: 'publish', shopifyProductId: product, imageHash: current }, by);
        // Checked before reading the image and choosing the product: a refusal now means the card moved since.
        if (!outcome.ok) throw new Conflict(REFUSALS.changedWhilePublishing);
        if (!outcome.changed) return { after: null, result: ownerResult(cardId, snap) };
        const { at } = by;
        // A first publication is a step of a new collective's checklist (collective-milestones.ts).
        const extra: Write[] = [milestoneWrite(collectiveId, 'firstPublishedAt', at, actor.sub)];
        // A quota reached before publication unlocks now (ingestion only decides when sales move).
        const totals = saleTotalsOf(snap.total);
        if (unlocksNow(now.unlock, totals.cards, totals.unlockedAt[String(cardId)]) && snap.total) {
          const version = Number(snap.total.version ?? 0);
          const unlockedAt = { ...totals.unlockedAt, [String(cardId)]: at };
          extra.push({ update: keys.aggTotal(athleteId), set: { unlockedAt, version: version + 1 }, condition: versionIs(version) });
          snap.total = { ...snap.total, unlockedAt };
        } else if (now.unlock) {
          // Not unlocked on this total: publish only if it is still the total (a settle step that
          // reached the quota meanwhile makes this read again and unlock).
          extra.push(totalAsRead(athleteId, snap));
        }
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

  return { publishCard };
}
