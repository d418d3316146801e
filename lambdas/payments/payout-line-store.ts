// Writing a payout line's transitions (shared/payments/payout-line.ts) under the line's version,
// together with what each step moves, in one transaction: the line, the athlete's copy of it, a
// payout ledger entry under the athlete's lock when the amount goes back to the balance (a negative
// payout entry) or is taken from it again, and, when it is paid or a paid line is reversed, what it
// provided (an entry on the line: lambdas/money/provisions.ts, for NIL Go) and the year's paid totals
// by payment type (tax forms). Every transition
// is recorded on the line (`history`: from, to, who or which Stripe event, when, the attempt).
// A transfer reversed in part returns only what its amount reversed grew by (the line keeps the
// cumulative `reversedCents` under its version: replays and reordered events return it once).
// A conflict (a concurrent Pay now, a Stripe event) reads again and decides again.
import { appendEntry, balanceOf } from '#shared/money/ledger';
import { formatUsd } from '#shared/platform/money';
import { next, type LineEvent } from '#shared/payments/payout-line';
import type { PayoutLineStatus } from '#shared/money/payouts-api';
import { athleteStateOf, ledgerAttributes } from '#lambdas/money/athlete-total';
import { activationPartOf, creditPartOf, provisionEntry, returnedSplit, reversedPartOf, withProvision, yearTotalsAdd } from '#lambdas/money/provisions';
import { Conflict, NotFound, RetryLater } from '#lambdas/platform/errors';
import { jitteredBackoff, keyString, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Item, Store, Write } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { payoutEvent, payoutReversedInPartEvent } from '#lambdas/money/money-events';

export interface LineRef {
  collectiveId: number;
  batchId: string;
  athleteId: number;
}

/** What to do to a line: a state machine event (and fields to set with it), or fields alone. */
export interface LineChange {
  event?: LineEvent;
  set?: Item;
  /** Who: the collective's user (sub), or `stripe:<event id>`. */
  by: string;
}

export interface HistoryEntry {
  at: string;
  from: PayoutLineStatus;
  to: PayoutLineStatus;
  by: string;
  attempt: number;
  code?: string;
  /** A reversal in part: the amount reversed in all after it. */
  reversedCents?: number;
}

/** Fields of a line the athlete's copy carries too (everything but the audit trail and the lock). */
const PRIVATE_FIELDS = new Set(['history', 'version']);

const lineKeyOf = (ref: LineRef) => keys.payoutLine(ref.collectiveId, ref.batchId, ref.athleteId);

/** Reads a line (consistent). */
export async function readLine(store: Store, ref: LineRef): Promise<Item | undefined> {
  const key = lineKeyOf(ref);
  return (await store.get([key])).get(keyString(key));
}

/**
 * Applies `decide`'s change to the line: null changes nothing; a state machine step writes the new
 * status with what it moves. Throws LineRefusal (shared/payments/payout-line.ts) when the event
 * does not apply, Conflict when a retry finds its amount no longer in the balance.
 */
export async function changeLine(
  store: Store,
  ref: LineRef,
  decide: (line: Item) => LineChange | null,
  now: () => string,
): Promise<{ item: Item; changed: boolean }> {
  return retryOnConflict(
    async () => {
      const lineKey = lineKeyOf(ref);
      const totalKey = keys.aggTotal(ref.athleteId);
      const got = await store.get([lineKey, totalKey]);
      const line = got.get(keyString(lineKey));
      if (!line) throw new NotFound(`Payout of athlete ${ref.athleteId} in batch ${ref.batchId}`);
      const change = decide(line);
      if (!change) return { item: line, changed: false };
      const status = line.status as PayoutLineStatus;
      const step = change.event ? next(status, change.event) : null;
      if (change.event && !step) return { item: line, changed: false };
      const at = now();
      const attempt = Number(line.attempt ?? 0) + (step?.newAttempt ? 1 : 0);
      const amount = Number(line.amountCents);
      // What the step moves: a reversal in part, what the amount reversed grew by (nothing when an
      // older or repeated event says no more than the line has: it changes nothing); taking the
      // amount again (a retry), all of it; otherwise the amount less what was reversed in part.
      const reversedBefore = reversedPartOf(line);
      const reversedAfter = change.event?.kind === 'transfer_reversed_in_part' ? Math.min(amount, change.event.reversedCents) : reversedBefore;
      if (step?.part && reversedAfter <= reversedBefore) return { item: line, changed: false };
      const moved = step?.part ? reversedAfter - reversedBefore : step?.ledger === 'take' ? amount : amount - reversedBefore;
      const fields: Item = { ...change.set, updatedAt: at };
      if (step?.part) fields.reversedCents = reversedAfter;
      // A new attempt (its amount taken again) starts with nothing reversed.
      if (step?.ledger === 'take') fields.reversedCents = 0;
      if (step) {
        const entry: HistoryEntry = { at, from: status, to: step.to, by: change.by, attempt };
        if (change.event && 'code' in change.event) entry.code = change.event.code;
        if (step.part) Object.assign(entry, { code: 'transfer_reversed_in_part', reversedCents: reversedAfter });
        Object.assign(fields, { status: step.to, attempt, history: [...((line.history as HistoryEntry[] | undefined) ?? []), entry] });
      }
      // Paid, or a paid payout reversed: what it provided, counted in the year it was paid.
      const provided = step?.paid
        ? provisionEntry(
            line,
            step.paid,
            at,
            Number(String(step.paid > 0 ? (fields.paidDate ?? at) : (line.paidDate ?? at)).slice(0, 4)),
            String(fields.paidReference ?? line.paidReference ?? line.payoutId ?? '') || null,
            at,
            step.part ? { before: reversedBefore, cents: moved } : undefined,
          )
        : null;
      if (provided) Object.assign(fields, withProvision(line, provided));
      const version = Number(line.version ?? 0);
      const copy = Object.fromEntries(Object.entries(fields).filter(([k]) => !PRIVATE_FIELDS.has(k)));
      const writes: Write[] = [
        { update: lineKey, set: { ...fields, version: version + 1 }, condition: versionIs(version) },
        { update: keys.athletePayout(ref.athleteId, ref.batchId), set: copy },
      ];
      if (step?.ledger) {
        const state = athleteStateOf(got.get(keyString(totalKey)));
        if (step.ledger === 'take' && balanceOf(state.ledger) < amount)
          throw new Conflict(
            `The ${formatUsd(amount)} of this payout is no longer in the athlete's balance (${formatUsd(balanceOf(state.ledger))}): a later batch took it, or refunds reduced it`,
          );
        const payoutCents = step.ledger === 'return' ? -moved : moved;
        // Its credit part (allocated donations and activations: docs/decisions/0015, 0027) is taken
        // with it, or goes back in the order a reversal reaches it (royalties first).
        const returned = step.ledger === 'return' ? returnedSplit(line, reversedBefore, moved) : null;
        const creditPartCents = returned ? -(returned.allocationCents + returned.activationCents) : creditPartOf(line);
        const activationPartCents = returned ? -returned.activationCents : activationPartOf(line);
        const appended = appendEntry(
          state.ledger,
          { kind: 'payout', payoutCents, batchId: ref.batchId, creditPartCents, activationPartCents },
          { athleteId: ref.athleteId, collectiveId: ref.collectiveId, now: at },
        );
        writes.push(
          {
            update: totalKey,
            set: { athleteId: ref.athleteId, version: state.version + 1, ...ledgerAttributes(appended.head) },
            condition: versionIs(state.version),
          },
          { put: { ...keys.ledger(ref.athleteId, appended.entry.at, appended.entry.seq), type: 'ledger', ...appended.entry }, condition: { notExists: true } },
        );
      }
      if (provided) {
        // The year it was paid: the day recorded with the payment (now), or, reversed, the day it had been paid.
        writes.push({
          update: keys.athleteYear(ref.athleteId, provided.year),
          set: { athleteId: ref.athleteId, year: provided.year },
          add: yearTotalsAdd(provided, !step?.part),
        });
      }
      if (step?.part) {
        const history = (line.history as HistoryEntry[] | undefined) ?? [];
        writes.push(
          ...eventWrites(
            payoutReversedInPartEvent({ ...ref, amountCents: amount }, status, { cents: moved, reversedCents: reversedAfter }, `h${history.length}`, at, {
              by: change.by,
            }),
          ),
        );
      } else if (step) {
        // Audited, and the athlete (and the collective, for a failure) told; the step is the
        // transition's place in the line's history, so a Stripe event delivered twice records once.
        const history = (line.history as HistoryEntry[] | undefined) ?? [];
        const code = change.event && 'code' in change.event ? change.event.code : null;
        writes.push(
          ...eventWrites(
            payoutEvent(
              { ...ref, amountCents: amount },
              status,
              step.to,
              `h${history.length}`,
              at,
              { by: change.by },
              { code, date: (fields.paidDate as string | undefined) ?? null },
            ),
          ),
        );
      }
      await store.transact(writes);
      return { item: { ...line, ...fields, version: version + 1 }, changed: true };
    },
    { attempts: 25, backoff: jitteredBackoff(5, 200), onExhausted: () => new RetryLater(`the payout of athlete ${ref.athleteId} is busy; retry later`) },
  );
}
