// Money's events (docs/decisions/0025): every money-moving and compliance action of a collective is
// recorded in its audit log in the action's transaction, and the athlete is told when a payout is
// sent, paid or failed (the collective too when it failed), or when part of it is taken back. Each id names the subject and the step
// (a payout line's transition by its place in the line's history), so a repeated request or a
// Stripe event delivered twice cannot record twice.
import type { DriftEvent, Notice } from '#shared/notifications/events';
import type { PayoutLineStatus } from '#shared/money/payouts-api';
import { formatUsd } from '#shared/platform/money';
import { ACTIVATION_KIND_LABEL } from '#shared/money/activations';
import type { ActivationKind, ActivationStatus } from '#shared/money/activations';

export interface MoneyActor {
  /** The account's subject, 'seed', or `stripe:<event id>`. */
  by: string;
  /** What the audit log calls it (an account's email). */
  label?: string;
}

const actorOf = (a: MoneyActor): DriftEvent['actor'] =>
  a.by.startsWith('stripe:')
    ? { role: 'stripe', sub: null, label: 'Stripe' }
    : a.by === 'seed'
      ? { role: 'system', sub: null, label: 'Drift (demo data)' }
      : { role: 'collective', sub: a.by, label: a.label ?? 'The collective' };

const STATUS_WORDS: Record<PayoutLineStatus, string> = {
  pending: 'waiting to be paid',
  awaiting_account: 'waiting for a payout account',
  sending: 'being sent through Stripe',
  in_transit: 'on its way to the bank',
  sent: 'sent',
  paid: 'paid',
  failed: 'failed',
};

export interface PayoutRef {
  collectiveId: number;
  batchId: string;
  athleteId: number;
  amountCents: number;
}

/** A payout line moved from `from` to `to` (by hand or through Stripe); `step` is unique per line. */
export function payoutEvent(
  ref: PayoutRef,
  from: PayoutLineStatus,
  to: PayoutLineStatus,
  step: string,
  at: string,
  actor: MoneyActor,
  detail: { reference?: string | null; code?: string | null; date?: string | null } = {},
): DriftEvent {
  const amount = formatUsd(ref.amountCents);
  const athleteLink = '/athlete?tab=payouts';
  const notices: Notice[] = [];
  if (to === 'sent' || to === 'in_transit')
    notices.push({
      category: 'payout_sent',
      recipients: [{ kind: 'athlete', athleteId: ref.athleteId }],
      title: `A payout of ${amount} is on its way`,
      body: `Your collective sent you ${amount}${detail.reference ? ` (reference ${detail.reference})` : ''}. It usually reaches your bank within a few business days.`,
      link: athleteLink,
    });
  if (to === 'paid')
    notices.push({
      category: 'payout_paid',
      recipients: [{ kind: 'athlete', athleteId: ref.athleteId }],
      title: `Your payout of ${amount} was paid`,
      body: `${amount} from your collective was paid${detail.date ? ` on ${detail.date.slice(0, 10)}` : ''}. It counts toward this year's payments.`,
      link: athleteLink,
    });
  if (to === 'failed')
    notices.push({
      category: 'payout_failed',
      recipients: [
        { kind: 'athlete', athleteId: ref.athleteId },
        { kind: 'collective', collectiveId: ref.collectiveId },
      ],
      title: `A payout of ${amount} failed`,
      body: `The payout of ${amount} could not be paid${detail.code ? ` (${detail.code.replace(/_/g, ' ')})` : ''}. The amount is back in the balance; the collective can retry once the payout account is fixed.`,
      link: '/collective?section=payouts',
    });
  return {
    id: `payout:${ref.collectiveId}:${ref.batchId}:${ref.athleteId}:${step}`,
    at,
    actor: actorOf(actor),
    action: `payout.${to}`,
    summary: `Payout of ${amount} to athlete ${ref.athleteId} (batch ${ref.batchId}): ${STATUS_WORDS[from]} → ${STATUS_WORDS[to]}`,
    subject: { type: 'payout', id: `${ref.batchId}/${ref.athleteId}`, athleteId: ref.athleteId },
    auditCollectiveId: ref.collectiveId,
    before: { status: from },
    after: {
      status: to,
      ...(detail.reference ? { reference: detail.reference } : {}),
      ...(detail.code ? { code: detail.code } : {}),
      ...(detail.date ? { date: detail.date } : {}),
    },
    notices,
  };
}

/** Part of a payout line's transfer was taken back in Stripe (the line keeps its status): audited,
 * and the athlete and the collective told (under "A payout failed": money they counted on is back
 * in the balance). `step` is the line's history place, so a replayed event records once. */
export function payoutReversedInPartEvent(
  ref: PayoutRef,
  status: PayoutLineStatus,
  part: { cents: number; reversedCents: number },
  step: string,
  at: string,
  actor: MoneyActor,
): DriftEvent {
  const amount = formatUsd(ref.amountCents);
  const cents = formatUsd(part.cents);
  return {
    id: `payout:${ref.collectiveId}:${ref.batchId}:${ref.athleteId}:${step}`,
    at,
    actor: actorOf(actor),
    action: 'payout.reversed_in_part',
    summary: `Payout of ${amount} to athlete ${ref.athleteId} (batch ${ref.batchId}): ${cents} of its transfer reversed in Stripe (${formatUsd(part.reversedCents)} in all), back in the balance`,
    subject: { type: 'payout', id: `${ref.batchId}/${ref.athleteId}`, athleteId: ref.athleteId },
    auditCollectiveId: ref.collectiveId,
    before: { status },
    after: { status, reversedCents: part.reversedCents },
    notices: [
      { recipients: [{ kind: 'athlete', athleteId: ref.athleteId }], link: '/athlete?tab=payouts' },
      { recipients: [{ kind: 'collective', collectiveId: ref.collectiveId }], link: '/collective?section=payouts' },
    ].map((to): Notice => ({
      category: 'payout_failed',
      recipients: to.recipients as Notice['recipients'],
      title: `${cents} of a payout of ${amount} was taken back`,
      body: `${cents} of the payout of ${amount} was reversed in Stripe. It is back in the balance and no longer counts as paid; the rest of the payout stands.`,
      link: to.link,
    })),
  };
}

export function batchCreatedEvent(
  batch: { collectiveId: number; batchId: string; periodStart: string; periodEnd: string; totalCents: number; lineCount: number },
  at: string,
  actor: MoneyActor,
): DriftEvent {
  return {
    id: `batch:${batch.collectiveId}:${batch.batchId}:created`,
    at,
    actor: actorOf(actor),
    action: 'batch.created',
    summary: `Created payout batch ${batch.batchId}: ${formatUsd(batch.totalCents)} to ${batch.lineCount} athlete${batch.lineCount === 1 ? '' : 's'} for ${batch.periodStart.slice(0, 10)} to ${batch.periodEnd.slice(0, 10)}`,
    subject: { type: 'batch', id: batch.batchId },
    auditCollectiveId: batch.collectiveId,
    before: null,
    after: { totalCents: batch.totalCents, lineCount: batch.lineCount, periodStart: batch.periodStart, periodEnd: batch.periodEnd },
  };
}

export function allocationEvent(
  input: { collectiveId: number; donationId: string; requestHash: string; allocations: ReadonlyArray<{ athleteId: number; amountCents: number }> },
  at: string,
  actor: MoneyActor,
): DriftEvent {
  const total = input.allocations.reduce((n, a) => n + a.amountCents, 0);
  return {
    id: `allocation:${input.collectiveId}:${input.donationId}:${input.requestHash}`.slice(0, 160),
    at,
    actor: actorOf(actor),
    action: 'donation.allocated',
    summary: `Allocated ${formatUsd(total)} of donation ${input.donationId} to ${input.allocations.map((a) => `athlete ${a.athleteId} (${formatUsd(a.amountCents)})`).join(', ')}`,
    subject: { type: 'allocation', id: input.donationId },
    auditCollectiveId: input.collectiveId,
    before: null,
    after: { allocations: Object.fromEntries(input.allocations.map((a) => [String(a.athleteId), a.amountCents])) },
  };
}

export interface ActivationRef {
  id: string;
  collectiveId: number;
  collectiveName: string;
  athleteId: number;
  athleteName: string;
  kind: ActivationKind;
  description: string;
  date: string;
  priceCents: number;
}

/** An activation recorded (from null) or moved (docs/decisions/0027): audited in the collective's log;
 * the athlete is told of one to confirm or of its cancellation, the collective of the athlete's answer.
 * Each state is reached at most once, so the id names the state. */
export function activationEvent(
  ref: ActivationRef,
  from: ActivationStatus | null,
  to: ActivationStatus,
  at: string,
  actor: { role: 'collective' | 'athlete'; sub: string; label: string } | MoneyActor,
  reason?: string,
): DriftEvent {
  const amount = formatUsd(ref.priceCents);
  const what = `${ACTIVATION_KIND_LABEL[ref.kind].toLowerCase()} on ${ref.date}`;
  const notices: Notice[] = [];
  const athlete = [{ kind: 'athlete' as const, athleteId: ref.athleteId }];
  const collective = [{ kind: 'collective' as const, collectiveId: ref.collectiveId }];
  if (to === 'proposed')
    notices.push({
      category: 'activation_proposed',
      recipients: athlete,
      title: `${ref.collectiveName} will pay you ${amount}: ${ACTIVATION_KIND_LABEL[ref.kind]} on ${ref.date}`,
      body: `“${ref.description}”. Confirm it once you have delivered it, or decline it with a reason: you are paid only for what you confirm.`,
      link: '/athlete?tab=activations',
    });
  if (to === 'canceled')
    notices.push({
      category: 'activation_proposed',
      recipients: athlete,
      title: `${ref.collectiveName} canceled the ${amount} activation`,
      body: `The ${what} (“${ref.description}”) was canceled before you confirmed it; nothing is paid for it.`,
      link: '/athlete?tab=activations',
    });
  if (to === 'confirmed')
    notices.push({
      category: 'activation_answered',
      recipients: collective,
      title: `${ref.athleteName} confirmed the ${amount} activation`,
      body: `The ${what} is confirmed: ${amount} is in ${ref.athleteName}'s balance and is paid with the next payout.`,
      link: '/collective?section=payouts',
    });
  if (to === 'declined')
    notices.push({
      category: 'activation_answered',
      recipients: collective,
      title: `${ref.athleteName} declined the ${amount} activation`,
      body: `The ${what} was declined${reason ? `: “${reason}”` : ''}. Nothing is paid for it.`,
      link: '/collective?section=payouts',
    });
  const who: DriftEvent['actor'] = 'role' in actor ? actor : actorOf(actor);
  return {
    id: `activation:${ref.collectiveId}:${ref.id}:${to}`,
    at,
    actor: who,
    action: `activation.${to}`,
    summary:
      from === null
        ? `Recorded an activation for athlete ${ref.athleteId}: ${what}, ${amount}`
        : `Activation ${ref.id} of athlete ${ref.athleteId} (${what}, ${amount}): ${from} → ${to}${reason ? ` (“${reason}”)` : ''}`,
    subject: { type: 'activation', id: ref.id, athleteId: ref.athleteId },
    auditCollectiveId: ref.collectiveId,
    before: from === null ? null : { status: from },
    after: { status: to, priceCents: ref.priceCents, ...(reason ? { reason } : {}) },
    notices,
  };
}

/** A compliance record of an athlete's year: the W-9 status (by the collective), the NIL disclosure reported (by the athlete). */
export function complianceEvent(
  kind: 'w9' | 'disclosure',
  ref: { collectiveId: number; athleteId: number; year: number },
  after: Record<string, unknown>,
  at: string,
  actor: { role: 'collective' | 'athlete'; sub: string; label: string },
): DriftEvent {
  return {
    id: `${kind}:${ref.athleteId}:${ref.year}:${String(Date.parse(at))}`,
    at,
    actor,
    action: kind === 'w9' ? 'tax.w9' : 'disclosure.reported',
    summary:
      kind === 'w9'
        ? `W-9 of athlete ${ref.athleteId} for ${ref.year}: ${after.w9OnFile ? 'on file' : 'not on file'}`
        : `NIL disclosure of athlete ${ref.athleteId} for ${ref.year} reported${after.reference ? ` (reference ${String(after.reference)})` : ''}`,
    subject: { type: kind === 'w9' ? 'tax' : 'disclosure', id: `${ref.athleteId}/${ref.year}`, athleteId: ref.athleteId },
    auditCollectiveId: ref.collectiveId,
    before: null,
    after,
  };
}
