// Activations (issue 33 item 3; docs/decisions/0027-activations.md): the only way a collective
// credits one of its athletes beyond card royalties. The collective records a deliverable (kind,
// description, date, price, proof); the athlete confirms it (or declines it with a reason); the
// collective may cancel it before. The states are shared/money/activations.ts's table, applied here
// under the activation's version.
//
// Only a confirmation credits the athlete: in the same transaction as the move, one ledger entry of
// kind `activation` under the athlete's lock (the version of its total item, shared with the
// settle step and the payout rail) and a marker keyed by the activation id (keys.activationCredit),
// so a retried, duplicated or concurrent confirmation credits once. The credit is then paid by the
// payout rail like any balance (credits first: docs/decisions/0015), reported as services
// (1099-NEC) and counted by NIL Go when paid (provisions.ts). Every move is audited and told
// through the event outbox (money-events.ts, decision 0025).
//
// Records: the collective's (`COLLECTIVE#<c>` / `ACTIVATION#<id>`, versioned: the authority) and the
// athlete's copy (`ATHLETE#<a>` / `ACTIVATION#<id>`), written together; each side lists its own with
// one bounded Query.
import { createHash } from 'node:crypto';
import {
  ACTIVATION_STATUS_LABEL,
  ActivationRefusal,
  actions,
  next,
  type ActivationHistoryEntry,
  type ActivationInput,
  type ActivationMove,
  type ActivationRole,
  type ActivationStatus,
  type ActivationView,
} from '#shared/money/activations';
import { appendEntry } from '#shared/money/ledger';
import { athleteStateOf, ledgerAttributes } from './athlete-total';
import { activationEvent, type ActivationRef } from './money-events';
import { Conflict, NotFound, RetryLater } from '#lambdas/platform/errors';
import { StoreConflict, jitteredBackoff, keyString, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Item, Store, Write } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { eventWrites } from '#lambdas/notifications/event-writes';

/** Activations listed per collective or athlete (newest first; years of weekly deliverables). */
export const ACTIVATIONS_READ = 500;

export interface Actor {
  sub: string;
  label: string;
}

const CONTENT_FIELDS = ['athleteId', 'kind', 'description', 'date', 'priceCents', 'proofUrl'] as const;

/** The activation id an idempotency key names (the same key always records the same activation). */
export const activationIdOf = (collectiveId: number, idempotencyKey: string): string =>
  `act-${createHash('sha256').update(`${collectiveId}|${idempotencyKey}`).digest('hex').slice(0, 20)}`;

const refOf = (item: Item): ActivationRef => ({
  id: String(item.id),
  collectiveId: Number(item.collectiveId),
  collectiveName: String(item.collectiveName ?? ''),
  athleteId: Number(item.athleteId),
  athleteName: String(item.athleteName ?? ''),
  kind: item.kind as ActivationRef['kind'],
  description: String(item.description),
  date: String(item.date),
  priceCents: Number(item.priceCents),
});

function viewOf(item: Item, role: ActivationRole): ActivationView {
  const status = item.status as ActivationStatus;
  return {
    ...refOf(item),
    proofUrl: String(item.proofUrl),
    status,
    statusLabel: ACTIVATION_STATUS_LABEL[status],
    declineReason: typeof item.declineReason === 'string' ? item.declineReason : null,
    createdAt: String(item.createdAt),
    confirmedAt: typeof item.confirmedAt === 'string' ? item.confirmedAt : null,
    history: (item.history as ActivationHistoryEntry[] | undefined) ?? [],
    actions: actions(status, role),
  };
}

/** Records a proposed activation (the input is valid and the athlete one of the collective's). The
 * same idempotency key with the same content answers the same activation; with other content, 409. */
export async function createActivation(
  store: Store,
  input: ActivationInput & { collectiveId: number; collectiveName: string; athleteName: string; idempotencyKey: string },
  actor: Actor,
  now: string,
): Promise<{ activation: ActivationView; created: boolean }> {
  const id = activationIdOf(input.collectiveId, input.idempotencyKey);
  const record: Item = {
    type: 'activation',
    id,
    collectiveId: input.collectiveId,
    collectiveName: input.collectiveName,
    athleteId: input.athleteId,
    athleteName: input.athleteName,
    kind: input.kind,
    description: input.description.trim(),
    date: input.date,
    priceCents: input.priceCents,
    proofUrl: input.proofUrl.trim(),
    status: 'proposed',
    version: 1,
    createdAt: now,
    createdBy: actor.sub,
    history: [{ at: now, from: null, to: 'proposed', by: 'collective', label: actor.label }],
  };
  const key = keys.activation(input.collectiveId, id);
  try {
    await store.transact([
      { put: { ...key, ...record }, condition: { notExists: true } },
      { put: { ...keys.athleteActivation(input.athleteId, id), ...record } },
      ...eventWrites(activationEvent(refOf(record), null, 'proposed', now, { role: 'collective', sub: actor.sub, label: actor.label })),
    ]);
    return { activation: viewOf(record, 'collective'), created: true };
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    const existing = (await store.get([key])).get(keyString(key));
    if (!existing) throw error;
    if (CONTENT_FIELDS.some((f) => existing[f] !== record[f]))
      throw new Conflict('This idempotency key already recorded a different activation: use a new key for a new activation');
    return { activation: viewOf(existing, 'collective'), created: false };
  }
}

const newestFirst = (a: Item, b: Item) => String(b.createdAt).localeCompare(String(a.createdAt)) || String(a.id).localeCompare(String(b.id));

export async function collectiveActivations(store: Store, collectiveId: number): Promise<ActivationView[]> {
  const items = await store.query(keys.collectiveRecordsPartition(collectiveId), ACTIVATIONS_READ, { beginsWith: keys.activationPrefix });
  return items.sort(newestFirst).map((i) => viewOf(i, 'collective'));
}

export async function athleteActivations(store: Store, athleteId: number): Promise<ActivationView[]> {
  const items = await store.query(keys.athletePartition(athleteId), ACTIVATIONS_READ, { beginsWith: keys.activationPrefix });
  return items.sort(newestFirst).map((i) => viewOf(i, 'athlete'));
}

/** The collective that recorded one of an athlete's activations (from the athlete's copy). */
export async function collectiveOfActivation(store: Store, athleteId: number, activationId: string): Promise<number> {
  const copyKey = keys.athleteActivation(athleteId, activationId);
  const copy = (await store.get([copyKey])).get(keyString(copyKey));
  if (!copy) throw new NotFound(`Activation ${activationId}`);
  return Number(copy.collectiveId);
}

/**
 * Applies a move to an activation: `role` must be the table's mover (the route checked the account
 * owns that side, and for the athlete that the activation is its own). A confirmation credits the
 * athlete in the same transaction; a repeat of the move that already happened answers the activation
 * unchanged; any other move from a final state is a 409 with the reason.
 */
export async function moveActivation(
  store: Store,
  ref: { collectiveId: number; activationId: string; athleteId?: number },
  move: ActivationMove,
  role: ActivationRole,
  actor: Actor,
  now: () => string,
  reason?: string,
): Promise<{ activation: ActivationView; changed: boolean }> {
  const key = keys.activation(ref.collectiveId, ref.activationId);
  return retryOnConflict(
    async () => {
      const item = (await store.get([key])).get(keyString(key));
      if (!item || (ref.athleteId !== undefined && Number(item.athleteId) !== ref.athleteId)) throw new NotFound(`Activation ${ref.activationId}`);
      const status = item.status as ActivationStatus;
      let step;
      try {
        step = next(status, move);
      } catch (error) {
        if (error instanceof ActivationRefusal) throw new Conflict(error.message);
        throw error;
      }
      if (!step) return { activation: viewOf(item, role), changed: false };
      if (step.by !== role) throw new Conflict(`Not possible: only the ${step.by} may ${move} an activation`);
      const at = now();
      const athleteId = Number(item.athleteId);
      const entry: ActivationHistoryEntry = { at, from: status, to: step.to, by: role, label: actor.label, ...(reason ? { reason } : {}) };
      const fields: Item = {
        status: step.to,
        updatedAt: at,
        history: [...((item.history as ActivationHistoryEntry[] | undefined) ?? []), entry],
        ...(step.to === 'declined' ? { declineReason: reason ?? '' } : {}),
      };
      const writes: Write[] = [];
      if (step.credits) {
        const totalKey = keys.aggTotal(athleteId);
        const state = athleteStateOf((await store.get([totalKey])).get(keyString(totalKey)));
        const appended = appendEntry(
          state.ledger,
          { kind: 'activation', activationCents: Number(item.priceCents), activationId: ref.activationId },
          { athleteId, collectiveId: ref.collectiveId, now: at },
        );
        Object.assign(fields, { confirmedAt: appended.entry.at, ledgerSeq: appended.entry.seq });
        writes.push(
          { update: totalKey, set: { athleteId, version: state.version + 1, ...ledgerAttributes(appended.head) }, condition: versionIs(state.version) },
          { put: { ...keys.ledger(athleteId, appended.entry.at, appended.entry.seq), type: 'ledger', ...appended.entry }, condition: { notExists: true } },
          // The credit is keyed by the activation: whatever happens to versions, it exists once.
          {
            put: { ...keys.activationCredit(athleteId, ref.activationId), type: 'activationCredit', ledgerSeq: appended.entry.seq, at: appended.entry.at },
            condition: { notExists: true },
          },
        );
      }
      const version = Number(item.version ?? 0);
      writes.unshift(
        { update: key, set: { ...fields, version: version + 1 }, condition: versionIs(version) },
        { update: keys.athleteActivation(athleteId, ref.activationId), set: { ...fields, version: version + 1 } },
      );
      writes.push(...eventWrites(activationEvent(refOf(item), status, step.to, at, { role, sub: actor.sub, label: actor.label }, reason)));
      await store.transact(writes);
      return { activation: viewOf({ ...item, ...fields, version: version + 1 }, role), changed: true };
    },
    { attempts: 25, backoff: jitteredBackoff(5, 200), onExhausted: () => new RetryLater('This activation is busy; retry later') },
  );
}
