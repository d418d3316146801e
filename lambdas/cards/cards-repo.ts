// The card lifecycle's repository (docs/ARCHITECTURE.md "Card lifecycle"): it applies the moves of
// shared/cards/lifecycle.ts (draft -> pending, the athlete's approval -> approved or rejected ->
// published -> retired; the refusals are the table's) and keeps an athlete's sets. Every change
// is one transaction over the athlete's items it touches (the card, its set, the product index,
// the collective's member entry, and for an unlock reached before publication the athlete's
// total), guarded by the profile's version read in the same Query as the athlete, so two editors
// never lose an update; every decision is kept in the card's history (who, when, which image
// version). Closing a set, or any change to which cards make a Top Fan, recomputes the athlete's
// Top Fans under the total's version.
//
// Written over the store port (lambdas/platform/store.ts): cardsRepo(store) runs on the table (the
// exports below, the cards function's) or in memory (test/unit/cards-repo.test.ts). Its parts:
// card-transaction.ts (the snapshot and the one transaction of a change), card-moves.ts (the
// collective's edits, the athlete's decisions, sets), card-publishing.ts, card-drops.ts (moment
// drops and their sweep), top-fans.ts; the owners' reads are here.
import type { OwnerCardsResponse } from '#shared/cards/cards-api';
import { athleteSummary } from '#shared/catalog/catalog-types';
import type { Athlete } from '#shared/catalog/catalog-types';
import { readAthleteRecord } from '#lambdas/catalog/athlete-record';
import { saleTotalsOf } from '#lambdas/catalog/catalog-views';
import { NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { dynamoTransactionalStore } from '#lambdas/platform/store';
import type { TransactionalStore } from '#lambdas/platform/store';
import { cardMoves } from './card-moves';
import { cardPublishing } from './card-publishing';
import { cardDrops } from './card-drops';
import { cardTransactions, ownerCard, requireMember } from './card-transaction';
import type { CardsDeps } from './card-transaction';
import { topFans } from './top-fans';

export type { Actor, CardsDeps, PublishMode } from './card-transaction';
export type { DropDeps } from './card-drops';
export { localProductId } from './card-publishing';

/** The card lifecycle's reads and writes over a store. */
export function cardsRepo(store: TransactionalStore) {
  const { recomputeTopFans } = topFans(store);
  const transactions = cardTransactions(store, recomputeTopFans);
  const { getItem } = transactions;

  /** Every card of an athlete in every state, with sale state once public (owner routes). */
  async function ownerCards(athleteId: number, deps: Pick<CardsDeps, 'publishMode'>): Promise<OwnerCardsResponse> {
    const [{ athlete }, total] = await Promise.all([readAthleteRecord(store, athleteId), getItem(keys.aggTotal(athleteId))]);
    if (!athlete) throw new NotFound(`Athlete ${athleteId}`);
    const totals = saleTotalsOf(total);
    return {
      athlete: athleteSummary(athlete),
      cards: athlete.digitalcollectibles.map((c) => ownerCard(c, totals)),
      sets: athlete.sets ?? [],
      publishMode: deps.publishMode(),
    };
  }

  /** The athlete is a member of the collective (403), and exists (404). */
  async function requireMemberAthlete(collectiveId: number, athleteId: number): Promise<void> {
    const profile = await getItem(keys.catalogAthlete(athleteId));
    if (!profile) throw new NotFound(`Athlete ${athleteId}`);
    requireMember(profile.data as Athlete, collectiveId);
  }

  return {
    ownerCards,
    requireMemberAthlete,
    ...cardMoves(transactions, recomputeTopFans),
    ...cardPublishing(transactions),
    ...cardDrops(store, transactions),
    recomputeTopFans,
  };
}

export type CardsRepo = ReturnType<typeof cardsRepo>;

/** The card lifecycle on the Orders table (the cards function, tools, tests). */
export const {
  ownerCards,
  requireMemberAthlete,
  createCard,
  updateCard,
  deleteCard,
  submitCard,
  publishCard,
  retireCard,
  approveCard,
  rejectCard,
  createSet,
  closeSet,
  scheduleDrop,
  sweepDrops,
  recomputeTopFans,
} = cardsRepo(dynamoTransactionalStore);
