// The athlete's total item (`ATHLETE#<id> / AGG#TOTAL`): figures, card states and the ledger head,
// moved together under its `version` (the athlete's lock). Read and written the same way by the
// settle step and by the ledger's other writers (payouts, donation allocations).
import { balanceOf, emptyLedgerHead } from '#shared/money/ledger';
import type { LedgerHead } from '#shared/money/ledger';
import { emptyAthleteState } from '#shared/orders/settlement';
import type { AthleteState } from '#shared/orders/settlement';
import type { Item } from '#lambdas/platform/store';

const num = (v: unknown) => Number(v ?? 0);
const map = <T>(v: unknown) => ({ ...((v as Record<string, T> | undefined) ?? {}) });

export function ledgerHeadOf(value: unknown): LedgerHead {
  // nilCrossedAt: the per-calendar-year NIL alert heads kept before NIL Go's rule replaced it (issue 23).
  const { nilCrossedAt: _legacy, ...h } = (value ?? {}) as Partial<LedgerHead> & { nilCrossedAt?: unknown };
  return { ...emptyLedgerHead(), ...h, earnedByYear: map<number>(h.earnedByYear) };
}

export function athleteStateOf(item: Item | undefined): AthleteState {
  if (!item) return emptyAthleteState();
  return {
    version: num(item.version),
    cardsSold: num(item.cardsSold),
    revenueCents: num(item.revenueCents),
    orderCount: num(item.orderCount),
    uniqueFans: num(item.uniqueFans),
    topFanCount: num(item.topFanCount),
    cards: map<number>(item.cards),
    issued: map<number>(item.issued),
    oversold: map<number>(item.oversold),
    unlockedAt: map<string>(item.unlockedAt),
    ledger: ledgerHeadOf(item.ledger),
  };
}

/** The ledger attributes of the total item: the head, and for readers the earned and owed amounts. */
export function ledgerAttributes(head: LedgerHead): Item {
  return { ledger: head, earnedCents: head.salesCents - head.reversalsCents, balanceCents: balanceOf(head) };
}
