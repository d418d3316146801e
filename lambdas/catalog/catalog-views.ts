// What the public catalog routes answer, built from stored entities (pure: no AWS). A card's
// sale state comes from the athlete's pre-aggregated total item (ATHLETE#{id} / AGG#TOTAL, written
// by ingestion: counted units, serials issued, oversold units, unlock times), never from sales.
import type { AthleteProfileResponse, CardView } from '#shared/catalog/catalog-api';
import type { Athlete, DigitalCollectible } from '#shared/catalog/catalog-types';
import { dropPhase, isBuyable, isPublic, publicState } from '#shared/cards/lifecycle';
import { isLocked } from '#shared/cards/quota';
import { profileOf } from './catalog-items';

/** The sale-state maps of an athlete's total item (card id -> value). */
export interface SaleTotals {
  cards: Record<string, number>;
  issued: Record<string, number>;
  oversold: Record<string, number>;
  unlockedAt: Record<string, string>;
}

export const emptySaleTotals = (): SaleTotals => ({ cards: {}, issued: {}, oversold: {}, unlockedAt: {} });

export function saleTotalsOf(item: Record<string, unknown> | undefined): SaleTotals {
  const map = <T>(v: unknown) => ({ ...((v as Record<string, T> | undefined) ?? {}) });
  return item ? { cards: map(item.cards), issued: map(item.issued), oversold: map(item.oversold), unlockedAt: map(item.unlockedAt) } : emptySaleTotals();
}

/** A card's public view with its sale state (`now`: when a drop's phase is read, ISO). */
export function cardView(card: DigitalCollectible, totals: SaleTotals, now: string = new Date().toISOString()): CardView {
  const key = String(card.id);
  const editionSize = card.editionSize ?? null;
  const issued = Number(totals.issued[key] ?? 0);
  const remaining = editionSize === null ? null : Math.max(0, editionSize - issued);
  const soldOut = remaining === 0;
  const unlockedAt = totals.unlockedAt[key] ?? null;
  const unlock = card.unlock
    ? { cardId: card.unlock.cardId, units: card.unlock.units, sold: Number(totals.cards[String(card.unlock.cardId)] ?? 0), unlockedAt }
    : null;
  // A quota unlocks in ingestion, once, when counted sales reach it (shared/cards/quota.ts).
  const locked = isLocked(card.unlock, unlockedAt);
  return {
    id: card.id,
    shopifyProductId: card.shopifyProductId,
    name: card.name,
    description: card.description,
    image: card.image,
    priceCents: card.priceCents,
    setId: card.setId ?? null,
    edition: card.edition ?? null,
    editionSize,
    state: publicState(card),
    publishedAt: card.publishedAt ?? null,
    retiredAt: card.retiredAt ?? null,
    sold: Number(totals.cards[key] ?? 0),
    issued,
    remaining,
    soldOut,
    oversold: Number(totals.oversold[key] ?? 0),
    unlock,
    locked,
    buyable: isBuyable(card, { locked, soldOut }, now),
    ...(card.drop
      ? {
          drop: {
            startsAt: card.drop.startsAt,
            endsAt: card.drop.endsAt,
            phase: dropPhase(card, now)!,
            closedAt: card.drop.closedAt,
            printRun: card.drop.printRun,
          },
        }
      : {}),
  };
}

/** The public view of an athlete: profile, public cards with sale state, sets of public cards. */
export function athleteProfileResponse(athlete: Athlete, totals: SaleTotals): AthleteProfileResponse {
  const cards = athlete.digitalcollectibles.filter(isPublic);
  const shown = new Set(cards.map((c) => c.id));
  return {
    athlete: profileOf(athlete),
    cards: cards.map((c) => cardView(c, totals)),
    sets: (athlete.sets ?? []).map((s) => ({ ...s, cardIds: s.cardIds.filter((id) => shown.has(id)) })).filter((s) => s.cardIds.length > 0),
  };
}

/** The catalog route's athletes: only their public cards (drafts never leave the owner routes). */
export function publicAthlete(athlete: Athlete): Athlete {
  // The approval record names the approving account: owner routes only.
  const cards = athlete.digitalcollectibles.filter(isPublic).map(({ approval: _approval, rejectionReason: _reason, history: _history, ...card }) => card);
  const shown = new Set(cards.map((c) => c.id));
  return {
    ...athlete,
    digitalcollectibles: cards,
    ...(athlete.sets ? { sets: athlete.sets.map((s) => ({ ...s, cardIds: s.cardIds.filter((id) => shown.has(id)) })) } : {}),
  };
}
