// "Pay everything owed through {date}" (docs/decisions/0016): what a payout batch for the period
// ending that day, created now, would pay each member, as the Stripe dashboard's payout preview
// shows it before anything moves. The amounts are the batch's own rule (payableBefore with
// payableUntil, as createBatch pays), so the preview and the batch cannot differ but for earnings
// recorded between the two reads. Beside them: what is owed but not in it (a negative balance, or
// earned after the day) with the day it becomes available, and what earlier batches are still
// paying. Reads only (per member: its total, year and account items, its last payouts, one ledger
// entry); paying is the existing batch creation and Pay now.
import type { PayoutLineStatus, PayoutPreview, PreviewRail } from '#shared/money/payouts-api';
import { defaultPeriod, latestBatchEnd, payableUntil } from '#shared/money/payout-rules';
import * as keys from '#lambdas/platform/keys';
import { keyString, type Store } from '#lambdas/platform/store';
import { athleteMoney, listBatches, payableBefore } from './payouts';
import { payoutAccountOf } from './payout-account';

const DAY_MS = 86_400_000;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
const UNPAID: ReadonlySet<PayoutLineStatus> = new Set(['pending', 'sent', 'sending', 'in_transit', 'awaiting_account']);

export async function payoutPreview(
  store: Store,
  collective: { id: number; members: number[] },
  through: string,
  at: Date,
  year: number,
): Promise<PayoutPreview> {
  const periodEnd = `${dayAfter(through)}T00:00:00.000Z`;
  const [batches, own] = await Promise.all([
    listBatches(store, collective.id),
    store.get([keys.collectivePayAccount(collective.id)]).then((found) => payoutAccountOf(found.get(keyString(keys.collectivePayAccount(collective.id))))),
  ]);
  // From where the latest batch ended (as the default period), or the day itself when that is later.
  const start = defaultPeriod(at, latestBatchEnd(batches)).periodStart;
  const periodStart = start < periodEnd ? start : `${through}T00:00:00.000Z`;
  const until = payableUntil(periodEnd, at.toISOString());
  const stripeReady = own?.detailsSubmitted === true;
  const members = await Promise.all(
    collective.members.map(async (athleteId) => {
      const [money, payable] = await Promise.all([athleteMoney(store, athleteId, year), payableBefore(store, athleteId, until)]);
      return { athleteId, money, payable };
    }),
  );
  const lines: PayoutPreview['lines'] = [];
  const notPayable: PayoutPreview['notPayable'] = [];
  const inFlight: PayoutPreview['inFlight'] = [];
  for (const { athleteId, money, payable } of members) {
    const rail: PreviewRail = !stripeReady ? 'by_hand' : money.payoutAccount?.payoutsEnabled ? 'stripe' : 'awaiting_account';
    if (payable > 0) lines.push({ athleteId, amountCents: payable, rail });
    if (money.balanceCents < 0) notPayable.push({ athleteId, amountCents: -money.balanceCents, reason: 'negative_balance', availableOn: null });
    else if (money.balanceCents > payable)
      notPayable.push({ athleteId, amountCents: money.balanceCents - payable, reason: 'after_date', availableOn: dayAfter(through) });
    for (const p of money.payouts)
      if (UNPAID.has(p.status))
        inFlight.push({
          athleteId,
          batchId: p.batchId,
          amountCents: p.amountCents,
          status: p.status,
          availableOn: p.status === 'in_transit' ? (p.expectedArrival ?? null) : null,
        });
  }
  return {
    collectiveId: collective.id,
    through,
    period: { periodStart, periodEnd },
    stripeReady,
    lines,
    totalCents: lines.reduce((n, l) => n + l.amountCents, 0),
    notPayable,
    inFlight,
  };
}
