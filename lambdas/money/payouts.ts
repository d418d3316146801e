// Money reaching athletes: payout batches, their statuses, statements, tax status (W-9, the 1099
// forms by payment type) and NIL Go records (nil-go-records.ts). Donation allocations are read, never
// written: activations replaced them (activations.ts; docs/decisions/0027-activations.md). Every money-moving write is a ledger entry
// appended under the athlete's lock (the version of its total item, shared with ingestion's settle
// step) together with what it records, in one transaction, and is idempotent: a retried request
// with the same idempotency key changes nothing twice. Written over the store interface, so the
// property tests run this code in memory.
import type {
  AthletePayoutsResponse,
  CollectivePayoutsResponse,
  PayoutBatchView,
  PayoutFigures,
  PayoutLineView,
  YearStatusView,
} from '#shared/money/payouts-api';
import { netCents } from '#shared/payments/payout-line';
import type { MarkPayoutRequest, Statement } from '#shared/money/payouts-api';
import { defaultPeriod, latestBatchEnd, payableUntil } from '#shared/money/payout-rules';
import { createHash } from 'node:crypto';
import { appendEntry, balanceOf } from '#shared/money/ledger';
import type { LedgerChange, LedgerEntry, LedgerHead } from '#shared/money/ledger';
import { athleteStateOf, ledgerAttributes, ledgerHeadOf } from './athlete-total';
import { payoutAccountOf } from './payout-account';
import { MAX_PAYOUT_LINES, nilGoOf } from './nil-go-records';
import { provisionEntry, withProvision, yearTotalsAdd } from './provisions';
import { readSettings } from './compliance-settings';
import { yearStatusOf } from './year-status';
import { Conflict, NotFound, RetryLater, ValidationError } from '#lambdas/platform/errors';
import { StoreConflict, jitteredBackoff, keyString, noBackoff, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Item, Store, Write } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { batchCreatedEvent, complianceEvent, payoutEvent } from './money-events';

// The stored payout lines and batches are exactly what the API answers (shared/money/payouts-api.ts).
export type PayoutLine = PayoutLineView;
export type PayoutBatch = PayoutBatchView;
export type PayoutStatus = PayoutLine['status'];

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** Appends one ledger entry (a payout) under the athlete's lock, with `also`
 * written in the same transaction. `change` sees the current head and may decline (null). Returns
 * 'replayed' when a write of `also` that must not exist already does (the request ran before). */
export async function appendUnderLock(
  store: Store,
  athleteId: number,
  collectiveId: number | null,
  change: (head: LedgerHead) => LedgerChange | null,
  also: (entry: LedgerEntry) => Write[],
  now: () => string,
): Promise<LedgerEntry | 'declined' | 'replayed'> {
  return retryOnConflict(
    async () => {
      const totalKey = keys.aggTotal(athleteId);
      const state = athleteStateOf((await store.get([totalKey])).get(keyString(totalKey)));
      const wanted = change(state.ledger);
      if (!wanted) return 'declined';
      const { entry, head } = appendEntry(state.ledger, wanted, { athleteId, collectiveId, now: now() });
      const extra = also(entry);
      const writes: Write[] = [
        { update: totalKey, set: { athleteId, version: state.version + 1, ...ledgerAttributes(head) }, condition: versionIs(state.version) },
        { put: { ...keys.ledger(athleteId, entry.at, entry.seq), type: 'ledger', ...entry }, condition: { notExists: true } },
        ...extra,
      ];
      try {
        await store.transact(writes);
        return entry;
      } catch (error) {
        if (error instanceof StoreConflict && (await replayed(store, writes, error))) return 'replayed';
        throw error;
      }
    },
    { attempts: 25, backoff: jitteredBackoff(5, 200), onExhausted: () => new RetryLater(`athlete ${athleteId} is busy; retry later`) },
  );
}

/** Whether a conflict of appendUnderLock's writes is a replay: a write of `also` that must not
 * exist already does, every one of them (the request ran before). */
async function replayed(store: Store, writes: Write[], conflict: StoreConflict): Promise<boolean> {
  const mustBeNew = conflict.failed.filter((i) => i >= 2 && 'put' in writes[i] && writes[i].condition && 'notExists' in writes[i].condition!);
  if (!mustBeNew.length) return false;
  const failedPuts = conflict.failed.filter((i) => i >= 2).map((i) => writes[i] as { put: Item });
  const existing = await store.get(failedPuts.map((w) => ({ PK: String(w.put.PK), SK: String(w.put.SK) })));
  return existing.size === failedPuts.length;
}

/** Attempts of a write that decides again from what it reads after a conflict (each conflict is
 * another request's write landing first, so a few are enough). */
const DECIDE_AGAIN = { attempts: 25, backoff: noBackoff };

/** What an athlete had earned (sale shares, reversals and credits) by `end` (exclusive), and of
 * it the credits (allocated donations and activations) and of those the activations. */
async function ledgerBefore(store: Store, athleteId: number, end: string): Promise<{ earned: number; credits: number; activations: number }> {
  const [last] = await store.query(keys.athletePartition(athleteId), 1, { beginsWith: keys.ledgerPrefix, below: keys.ledgerBound(end), descending: true });
  return last
    ? {
        earned: Number(last.salesAfterCents) - Number(last.reversalsAfterCents) + Number(last.creditsAfterCents),
        credits: Number(last.creditsAfterCents),
        activations: Number(last.activationsAfterCents ?? 0),
      }
    : { earned: 0, credits: 0, activations: 0 };
}

const earnedBefore = async (store: Store, athleteId: number, end: string) => (await ledgerBefore(store, athleteId, end)).earned;

/** The amount a batch ending at `end` may pay an athlete: earned by then, less everything batches
 * have already taken (a negative balance, after a reversal, carries forward as 0 here). */
export async function payableBefore(store: Store, athleteId: number, end: string): Promise<number> {
  const totalKey = keys.aggTotal(athleteId);
  const head = athleteStateOf((await store.get([totalKey])).get(keyString(totalKey))).ledger;
  return Math.max(0, (await earnedBefore(store, athleteId, end)) - head.payoutsCents);
}

// Payout periods (what a batch may cover and pays up to) are pure rules: shared/money/payout-rules.ts.
export { defaultPeriod, latestPeriodEnd, payableUntil } from '#shared/money/payout-rules';

const orNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A stored payout line (the collective's, or the athlete's copy) as the API answers it; the Stripe
 * rail's fields only on lines it touched. */
export const lineOf = (item: Item): PayoutLine => ({
  batchId: String(item.batchId),
  athleteId: Number(item.athleteId),
  amountCents: Number(item.amountCents),
  status: item.status as PayoutStatus,
  periodStart: String(item.periodStart),
  periodEnd: String(item.periodEnd),
  createdAt: String(item.createdAt),
  sentDate: orNull(item.sentDate),
  sentReference: orNull(item.sentReference),
  paidDate: orNull(item.paidDate),
  paidReference: orNull(item.paidReference),
  ...(item.attempt !== undefined || item.status === 'awaiting_account'
    ? {
        attempt: Number(item.attempt ?? 0),
        transferId: orNull(item.transferId),
        payoutId: orNull(item.payoutId),
        expectedArrival: orNull(item.expectedArrival),
        failure: typeof item.failureCode === 'string' ? { code: item.failureCode, message: String(item.failureMessage ?? '') } : null,
        updatedAt: orNull(item.updatedAt),
      }
    : {}),
  ...(Number(item.reversedCents ?? 0) > 0 ? { reversedCents: Number(item.reversedCents) } : {}),
});

/** Lines on their way (sent by hand, or moving through Stripe). */
const SENT: ReadonlySet<PayoutStatus> = new Set(['sent', 'sending', 'in_transit']);

/** An athlete's payouts in three figures (shared/money/payouts-api.ts PayoutFigures): what was paid
 * (less any part reversed), what is on its way, what waits for a payout account. */
export function payoutFigures(lines: readonly PayoutLine[]): PayoutFigures {
  const sum = (keep: (l: PayoutLine) => boolean) => lines.filter(keep).reduce((n, l) => n + netCents(l), 0);
  return {
    paidOutCents: sum((l) => l.status === 'paid'),
    sentCents: sum((l) => SENT.has(l.status)),
    awaitingCents: sum((l) => l.status === 'awaiting_account'),
  };
}

const batchOf = (item: Item): PayoutBatch => ({
  batchId: String(item.batchId),
  collectiveId: Number(item.collectiveId),
  periodStart: String(item.periodStart),
  periodEnd: String(item.periodEnd),
  createdAt: String(item.createdAt),
  createdBy: String(item.createdBy),
  status: item.status as PayoutBatch['status'],
  totalCents: Number(item.totalCents ?? 0),
  lineCount: Number(item.lineCount ?? 0),
});

export interface CreateBatchInput {
  collectiveId: number;
  members: number[];
  periodStart: string;
  periodEnd: string;
  idempotencyKey: string;
  by: string;
  /** What the collective's audit log calls who acted (its account's email). */
  byLabel?: string;
  now: () => string;
}

/**
 * Creates a payout batch for a period: for each member, what it earned before the period's end
 * (or before the batch's creation, when the period has not ended: payableUntil) less what batches
 * already took, locked into the batch by a payout ledger entry. The same
 * idempotency key returns the same batch (a retry finishes what a crash left); another key used
 * for the same money finds nothing left to pay (409); nothing to pay at all is a 400.
 */
export async function createBatch(store: Store, input: CreateBatchInput): Promise<{ batch: PayoutBatch; created: boolean }> {
  const { collectiveId, periodStart, periodEnd } = input;
  // A concurrent request with the same key: follow it.
  const claim = await retryOnConflict(() => claimBatch(store, input), {
    ...DECIDE_AGAIN,
    onExhausted: () => new RetryLater('Another request with this idempotency key is creating the batch; retry later'),
  });
  if (claim.finished) return { batch: claim.finished, created: false };
  const { batchId, created } = claim;

  const batchItem = (await store.get([keys.payoutBatch(collectiveId, batchId)])).get(keyString(keys.payoutBatch(collectiveId, batchId)))!;
  const createdAt = String(batchItem.createdAt);
  for (const athleteId of input.members) {
    const lineKey = keys.payoutLine(collectiveId, batchId, athleteId);
    if ((await store.get([lineKey])).has(keyString(lineKey))) continue; // written before a crash
    // Up to the batch's creation when its period has not ended: the same cut-off on a retry.
    const { earned, credits, activations } = await ledgerBefore(store, athleteId, payableUntil(periodEnd, createdAt));
    await appendUnderLock(
      store,
      athleteId,
      collectiveId,
      (head) => {
        const amount = earned - head.payoutsCents;
        // Credits not yet paid are paid first (docs/decisions/0015): the tax form follows them. Of
        // them, allocated donations (all older than any activation) before activations.
        const creditPartCents = Math.max(0, Math.min(amount, credits - head.payoutCreditsCents));
        const allocationsUnpaid = credits - activations - (head.payoutCreditsCents - head.payoutActivationsCents);
        const activationPartCents = creditPartCents - Math.max(0, Math.min(creditPartCents, allocationsUnpaid));
        return amount > 0 ? { kind: 'payout', payoutCents: amount, batchId, creditPartCents, activationPartCents } : null;
      },
      (entry) => {
        const line = {
          batchId,
          collectiveId,
          athleteId,
          amountCents: entry.payoutCents,
          // The parts paying allocated donations and activations (the rest: card royalties).
          allocationCents: (entry.payoutCreditCents ?? 0) - (entry.payoutActivationCents ?? 0),
          activationCents: entry.payoutActivationCents ?? 0,
          status: 'pending',
          periodStart,
          periodEnd,
          createdAt,
          ledgerSeq: entry.seq,
        };
        return [
          { put: { ...lineKey, ...keys.payoutLineTransaction(collectiveId, createdAt, batchId, athleteId), ...line }, condition: { notExists: true } },
          { put: { ...keys.athletePayout(athleteId, batchId), ...line } },
        ];
      },
      input.now,
    );
  }
  const lines = await store.query(keys.collectiveRecordsPartition(collectiveId), 10_000, { beginsWith: keys.payoutLinePrefix(batchId) });
  if (lines.length === 0) {
    // Another batch took these amounts between the check and the locks: nothing half-written.
    await store.transact([{ delete: keys.payoutBatch(collectiveId, batchId) }]);
    throw new Conflict('Nothing left to pay for this period: another batch just took these earnings');
  }
  const totalCents = lines.reduce((n, l) => n + Number(l.amountCents), 0);
  // The batch's audit entry with its completion (a retry that finishes a crashed batch writes it then).
  const audit =
    batchItem.status === 'created'
      ? []
      : eventWrites(
          batchCreatedEvent({ collectiveId, batchId, periodStart, periodEnd, totalCents, lineCount: lines.length }, createdAt, {
            by: input.by,
            label: input.byLabel,
          }),
        );
  try {
    await store.transact([{ update: keys.payoutBatch(collectiveId, batchId), set: { status: 'created', totalCents, lineCount: lines.length } }, ...audit]);
  } catch (error) {
    // A concurrent request with the same key finished the batch (and wrote its audit entry) first.
    const finished = (await store.get([keys.payoutBatch(collectiveId, batchId)])).get(keyString(keys.payoutBatch(collectiveId, batchId)));
    if (!(error instanceof StoreConflict) || finished?.status !== 'created') throw error;
  }
  return { batch: { ...batchOf({ ...batchItem, status: 'created', totalCents, lineCount: lines.length }), lines: lines.map(lineOf) }, created };
}

/** The batch an idempotency key names: created here (its key and a 'creating' batch item), or
 * found (an existing key: its finished batch, or the batch a crash left to finish). */
async function claimBatch(store: Store, input: CreateBatchInput): Promise<{ batchId: string; created: boolean; finished?: PayoutBatch }> {
  const { collectiveId, periodStart, periodEnd } = input;
  const keyItem = keys.payoutBatchKey(collectiveId, hash(input.idempotencyKey));
  const request = { periodStart, periodEnd };
  const existingKey = (await store.get([keyItem])).get(keyString(keyItem));
  if (existingKey) {
    if (existingKey.periodStart !== periodStart || existingKey.periodEnd !== periodEnd)
      throw new Conflict('This idempotency key already created a batch for another period');
    const batchId = String(existingKey.batchId);
    const batch = (await store.get([keys.payoutBatch(collectiveId, batchId)])).get(keyString(keys.payoutBatch(collectiveId, batchId)));
    if (batch && batch.status === 'created') return { batchId, created: false, finished: await readBatch(store, collectiveId, batchId) };
    if (!batch) throw new Conflict('This idempotency key was used by a batch that found nothing to pay; use a new key');
    return { batchId, created: false };
  }
  const at = input.now();
  const payable = await Promise.all(input.members.map((id) => payableBefore(store, id, payableUntil(periodEnd, at))));
  if (payable.every((cents) => cents <= 0))
    throw new ValidationError({ period: 'Nothing to pay for this period: no member has earnings that are not already in a batch' });
  const batchId = `${at.replace(/[-:.TZ]/g, '').slice(0, 14)}-${hash(`${input.idempotencyKey}|${collectiveId}`).slice(0, 8)}`;
  await store.transact([
    { put: { ...keyItem, batchId, ...request, createdAt: at }, condition: { notExists: true } },
    {
      put: { ...keys.payoutBatch(collectiveId, batchId), batchId, collectiveId, ...request, createdAt: at, createdBy: input.by, status: 'creating' },
      condition: { notExists: true },
    },
  ]);
  return { batchId, created: true };
}

export async function readBatch(store: Store, collectiveId: number, batchId: string): Promise<PayoutBatch> {
  const item = (await store.get([keys.payoutBatch(collectiveId, batchId)])).get(keyString(keys.payoutBatch(collectiveId, batchId)));
  if (!item) throw new NotFound(`Payout batch ${batchId}`);
  const lines = await store.query(keys.collectiveRecordsPartition(collectiveId), 10_000, { beginsWith: keys.payoutLinePrefix(batchId) });
  return { ...batchOf(item), lines: lines.map(lineOf) };
}

export async function listBatches(store: Store, collectiveId: number, limit = 20): Promise<PayoutBatch[]> {
  const items = await store.query(keys.collectiveRecordsPartition(collectiveId), limit, { beginsWith: keys.payoutBatchPrefix, descending: true });
  return items.map(batchOf);
}

export interface MarkInput extends MarkPayoutRequest {
  collectiveId: number;
  batchId: string;
  athleteId: number;
  idempotencyKey: string;
  by: string;
  byLabel?: string;
  now: () => string;
}

/** Marks one payout sent, then paid (paying also records it sent). A payment is recorded as provided
 * (provisions.ts: NIL Go, and the year's totals by tax form). The same request again changes nothing; marking again is a 409. */
export function markPayout(store: Store, input: MarkInput): Promise<PayoutLine> {
  // A concurrent mark: decide again.
  return retryOnConflict(() => markOnce(store, input), {
    ...DECIDE_AGAIN,
    onExhausted: () => new RetryLater(`the payout of athlete ${input.athleteId} is busy; retry later`),
  });
}

async function markOnce(store: Store, input: MarkInput): Promise<PayoutLine> {
  const key = keys.payoutLine(input.collectiveId, input.batchId, input.athleteId);
  const item = (await store.get([key])).get(keyString(key));
  if (!item) throw new NotFound(`Payout of athlete ${input.athleteId} in batch ${input.batchId}`);
  const line = lineOf(item);
  const requestHash = hash(input.idempotencyKey);
  if (item[`${input.status}Request`] === requestHash) return line;
  // The CSV rail (shared/payments/payout-line.ts has the whole table; a unit test holds this to it):
  // a payout is marked by hand before Stripe took it on (pending, or awaiting a payout account).
  const order: Partial<Record<PayoutStatus, number>> = { pending: 0, awaiting_account: 0, sent: 1, paid: 2 };
  const from = order[line.status];
  if (from === undefined) throw new Conflict(`This payout is being paid through Stripe (${line.status.replace('_', ' ')}): it cannot be marked by hand`);
  if (from >= order[input.status]!) {
    const when = input.status === 'paid' ? line.paidDate : line.sentDate;
    throw new Conflict(`This payout is already marked ${line.status}${when ? ` (${when})` : ''}`);
  }
  const fields: Item = {
    status: input.status,
    [`${input.status}Date`]: input.date,
    [`${input.status}Reference`]: input.reference,
    [`${input.status}By`]: input.by,
    [`${input.status}At`]: input.now(),
    [`${input.status}Request`]: requestHash,
  };
  if (input.status === 'paid' && line.status !== 'sent')
    Object.assign(fields, { sentDate: input.date, sentReference: input.reference, sentBy: input.by, sentAt: input.now() });
  // What it provided (NIL Go) and the year's totals by payment type (lambdas/money/provisions.ts).
  const provided = input.status === 'paid' ? provisionEntry(item, 1, input.date, Number(input.date.slice(0, 4)), input.reference, input.now()) : null;
  if (provided) Object.assign(fields, withProvision(item, provided));
  const version = Number(item.version ?? 0);
  const writes: Write[] = [
    { update: key, set: { ...fields, version: version + 1 }, condition: versionIs(version) },
    { update: keys.athletePayout(input.athleteId, input.batchId), set: fields },
  ];
  if (provided)
    writes.push({
      update: keys.athleteYear(input.athleteId, provided.year),
      set: { athleteId: input.athleteId, year: provided.year },
      add: yearTotalsAdd(provided),
    });
  // Marked by hand: audited, and the athlete told (each status is marked once: the step is the status).
  const ref = { collectiveId: input.collectiveId, batchId: input.batchId, athleteId: input.athleteId, amountCents: line.amountCents };
  writes.push(
    ...eventWrites(
      payoutEvent(
        ref,
        line.status,
        input.status,
        `marked-${input.status}`,
        String(fields[`${input.status}At`]),
        { by: input.by, label: input.byLabel },
        { reference: input.reference, date: input.date },
      ),
    ),
  );
  await store.transact(writes);
  return { ...line, ...(fields as Partial<PayoutLine>) };
}

/** An athlete's year as the routes answer it (shared/money/payouts-api.ts; lambdas/money/year-status.ts). */
export type YearStatus = YearStatusView;
export { yearStatusOf } from './year-status';

/** An athlete's balance, year status, recent payouts and NIL Go records: its total item, its year
 * item, its linked account, one Query of its payouts (all of them: NIL Go counts them since the
 * eligibility start; the 20 newest are shown) and nil-go-records.ts's reads. */
export async function athleteMoney(store: Store, athleteId: number, year: number, override1099?: number, now = new Date()) {
  const totalKey = keys.aggTotal(athleteId);
  const yearKey = keys.athleteYear(athleteId, year);
  const accountKey = keys.athletePayAccount(athleteId);
  const [got, lines] = await Promise.all([
    store.get([totalKey, yearKey, accountKey]),
    store.query(keys.athletePartition(athleteId), MAX_PAYOUT_LINES, { beginsWith: keys.athletePayoutPrefix, descending: true }),
  ]);
  const head = ledgerHeadOf(got.get(keyString(totalKey))?.ledger);
  const payoutAccount = payoutAccountOf(got.get(keyString(accountKey)));
  const all = lines.map(lineOf);
  const payouts = all.slice(0, 20);
  const nilGo = await nilGoOf(store, athleteId, now, lines);
  // The form of allocated donations: the setting of the collective that paid the latest payout.
  const payor = lines.length ? Number(lines[0].collectiveId) : null;
  const allocationForm = payor === null ? undefined : (await readSettings(store, [payor])).get(payor)?.allocationForm;
  return {
    balanceCents: balanceOf(head),
    earnedCents: head.salesCents - head.reversalsCents + head.creditsCents,
    // Paid means paid: what batches took but has not reached the athlete is sent or awaiting.
    ...payoutFigures(all),
    year: yearStatusOf(year, head, got.get(keyString(yearKey)), { override1099, account: payoutAccount, nilGo, allocationForm }),
    payouts,
    payoutAccount,
    nilGo,
    /** The collective of each payout (by batch id): not answered, for the callers' own reads. */
    collectiveOf: new Map(lines.map((l) => [String(l.batchId), Number(l.collectiveId)])),
  };
}

/** An athlete's Payouts tab: its money (athleteMoney) and the next payout it waits for (the oldest
 * of its recent payouts not paid yet); a payout awaiting the athlete's payout account says when it
 * will be sent once the account can take payouts (its collective's setting payWhenLinked). */
export async function athletePayouts(store: Store, athleteId: number, year: number, override1099?: number): Promise<AthletePayoutsResponse> {
  const money = await athleteMoney(store, athleteId, year, override1099);
  const waiting = money.payouts.filter((p) => p.status === 'awaiting_account');
  if (waiting.length) {
    const settings = await readSettings(
      store,
      waiting.map((p) => money.collectiveOf.get(p.batchId) ?? 0),
    );
    for (const p of waiting) p.whenLinked = settings.get(money.collectiveOf.get(p.batchId) ?? 0)?.payWhenLinked ? 'at_once' : 'next_payout';
  }
  const { collectiveOf: _collectiveOf, ...shown } = money;
  const next = money.payouts.filter((p) => p.status !== 'paid' && p.status !== 'failed').at(-1) ?? null;
  return { athleteId, ...shown, nextPayout: next };
}

/** A collective's Payouts section at `at`: its batches, the default period of its next batch, and
 * for each member its balance, what a batch created now with the default period pays it, its year
 * status and its last payout. */
export async function collectivePayouts(
  store: Store,
  collective: { id: number; members: number[] },
  year: number,
  at: Date,
  override1099?: number,
): Promise<CollectivePayoutsResponse> {
  const batches = await listBatches(store, collective.id);
  // Through today: what a batch created now with the default period pays each member.
  const period = defaultPeriod(at, latestBatchEnd(batches));
  const until = payableUntil(period.periodEnd, at.toISOString());
  const members = await Promise.all(
    collective.members.map(async (athleteId) => {
      const [money, payable] = await Promise.all([athleteMoney(store, athleteId, year, override1099, at), payableBefore(store, athleteId, until)]);
      return {
        athleteId,
        balanceCents: money.balanceCents,
        payableCents: payable,
        payouts: { paidOutCents: money.paidOutCents, sentCents: money.sentCents, awaitingCents: money.awaitingCents },
        year: money.year,
        lastPayout: money.payouts[0] ?? null,
        // The athlete's account as its collective sees it: the status, not who linked it.
        payoutAccount: money.payoutAccount && { ...money.payoutAccount, linkedBy: undefined, updatedBy: undefined },
        nilGo: money.nilGo,
      };
    }),
  );
  return { collectiveId: collective.id, year, defaultPeriod: period, members, batches };
}

export async function setW9(
  store: Store,
  athleteId: number,
  year: number,
  onFile: boolean,
  date: string | null,
  by: string,
  now: string,
  /** The collective whose audit log records it, and what the log calls who acted. */
  audit?: { collectiveId: number; label: string },
): Promise<void> {
  await store.transact([
    { update: keys.athleteYear(athleteId, year), set: { athleteId, year, w9OnFile: onFile, w9Date: onFile ? date : null, w9By: by, w9At: now } },
    ...(audit
      ? eventWrites(
          complianceEvent('w9', { collectiveId: audit.collectiveId, athleteId, year }, { w9OnFile: onFile, w9Date: onFile ? date : null }, now, {
            role: 'collective',
            sub: by,
            label: audit.label,
          }),
        )
      : []),
  ]);
}

export async function markDisclosureReported(
  store: Store,
  athleteId: number,
  year: number,
  date: string,
  reference: string,
  by: string,
  now: string,
  /** The athlete's collective, whose audit log records it, and who acted as the log names them. */
  audit?: { collectiveId: number; role: 'athlete' | 'collective'; label: string },
): Promise<void> {
  await store.transact([
    {
      update: keys.athleteYear(athleteId, year),
      set: { athleteId, year, nilReportedDate: date, nilReference: reference, nilReportedBy: by, nilReportedAt: now },
    },
    ...(audit
      ? eventWrites(
          complianceEvent('disclosure', { collectiveId: audit.collectiveId, athleteId, year }, { date, reference }, now, {
            role: audit.role,
            sub: by,
            label: audit.label,
          }),
        )
      : []),
  ]);
}

export type { Statement } from '#shared/money/payouts-api';

/** A statement for [from, to): opening and closing from the two boundary entries (the running
 * totals every entry carries), the period's entries a page at a time. Never reads other periods. */
export async function statement(
  store: Store,
  athleteId: number,
  from: string,
  to: string,
  options: { after?: string; limit?: number } = {},
): Promise<Statement> {
  const pk = keys.athletePartition(athleteId);
  const limit = options.limit ?? 200;
  const [[before], [last], page] = await Promise.all([
    store.query(pk, 1, { beginsWith: keys.ledgerPrefix, below: keys.ledgerBound(from), descending: true }),
    store.query(pk, 1, { beginsWith: keys.ledgerPrefix, below: keys.ledgerBound(to), descending: true }),
    store.query(pk, limit + 1, { from: options.after ? `${options.after}\u0000` : keys.ledgerBound(from), below: keys.ledgerBound(to) }),
  ]);
  const at = (item: Item | undefined) => ({
    sales: Number(item?.salesAfterCents ?? 0),
    reversals: Number(item?.reversalsAfterCents ?? 0),
    credits: Number(item?.creditsAfterCents ?? 0),
    activations: Number(item?.activationsAfterCents ?? 0),
    payouts: Number(item?.payoutsAfterCents ?? 0),
    balance: Number(item?.balanceAfterCents ?? 0),
  });
  const start = at(before);
  const end = last && String(last.SK) >= keys.ledgerBound(from) ? at(last) : start;
  const entries = page.slice(0, limit).map((i) => i as unknown as LedgerEntry);
  return {
    athleteId,
    from,
    to,
    openingBalanceCents: start.balance,
    earningsCents: end.sales - start.sales,
    reversalsCents: end.reversals - start.reversals,
    creditsCents: end.credits - start.credits,
    activationsCents: end.activations - start.activations,
    payoutsCents: end.payouts - start.payouts,
    closingBalanceCents: end.balance,
    entries,
    nextAfter: page.length > limit ? String(page[limit - 1].SK) : null,
  };
}

/** One allocation request as stored on the donation under its idempotency key: its total and a
 * fingerprint of its exact content (members and amounts, normalised by athlete id). Records written
 * before the fingerprint was kept are a bare total. */
export interface AllocationRequestRecord {
  cents: number;
  content: string;
}

/** The total a stored request reserved (either form). */
export const requestCents = (record: AllocationRequestRecord | number): number => (typeof record === 'number' ? record : Number(record.cents));
