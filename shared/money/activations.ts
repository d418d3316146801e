// Activations (issue 33 item 3; docs/decisions/0027-activations.md): a collective pays one of its
// athletes for a deliverable (an appearance, an autograph session, a post, a camp) that the athlete
// confirms. Since 2026 NIL Go rejects payments from an associated entity that buy no goods or
// services, so this is the only way a collective credits an athlete beyond card royalties: the
// plain donation allocation it replaces is refused (ALLOCATION_GONE).
//
// Pure: the one transition table of an activation's states (as shared/cards/lifecycle.ts and
// shared/payments/payout-line.ts), the validation of a new activation, and the API's shapes. The
// server applies `next()` under the activation's version (lambdas/money/activations.ts) and writes
// the ledger credit in the same transaction when the step says so; the screens draw their buttons
// from `actions()`.
//
//   proposed ──confirm (athlete)──► confirmed   (credits the athlete: one ledger entry)
//      │ └──decline (athlete, a reason)──► declined
//      └──cancel (collective)──► canceled
// confirmed, declined and canceled are final.

export type ActivationStatus = 'proposed' | 'confirmed' | 'declined' | 'canceled';
export const ACTIVATION_STATUSES: readonly ActivationStatus[] = ['proposed', 'confirmed', 'declined', 'canceled'];

export type ActivationMove = 'confirm' | 'decline' | 'cancel';
export type ActivationRole = 'collective' | 'athlete';

/** What the collective pays for. */
export type ActivationKind = 'appearance' | 'autograph_session' | 'social_post' | 'camp_clinic' | 'other';
export const ACTIVATION_KINDS: readonly ActivationKind[] = ['appearance', 'autograph_session', 'social_post', 'camp_clinic', 'other'];
export const ACTIVATION_KIND_LABEL: Record<ActivationKind, string> = {
  appearance: 'Appearance',
  autograph_session: 'Autograph session',
  social_post: 'Social media post',
  camp_clinic: 'Camp or clinic',
  other: 'Other deliverable',
};

/** One transition: the state it leads to, who makes it, and whether it credits the athlete. */
export interface ActivationStep {
  to: ActivationStatus;
  by: ActivationRole;
  credits: boolean;
}

/** The transition table: every (state, move) pair not listed is refused. */
export const ACTIVATION_TRANSITIONS: Readonly<Record<ActivationStatus, Partial<Record<ActivationMove, ActivationStep>>>> = {
  proposed: {
    confirm: { to: 'confirmed', by: 'athlete', credits: true },
    decline: { to: 'declined', by: 'athlete', credits: false },
    cancel: { to: 'canceled', by: 'collective', credits: false },
  },
  confirmed: {},
  declined: {},
  canceled: {},
};

const REFUSALS: Record<ActivationStatus, string> = {
  proposed: 'this activation waits for the athlete',
  confirmed: 'the athlete confirmed this activation and was credited',
  declined: 'the athlete declined this activation',
  canceled: 'the collective canceled this activation',
};

export class ActivationRefusal extends Error {
  constructor(
    readonly status: ActivationStatus,
    readonly move: ActivationMove,
  ) {
    super(`Not possible: ${REFUSALS[status]}`);
    this.name = 'ActivationRefusal';
  }
}

/** Whether `role` may make `move` from `status`. */
export const can = (status: ActivationStatus, move: ActivationMove, role?: ActivationRole): boolean => {
  const step = ACTIVATION_TRANSITIONS[status]?.[move];
  return Boolean(step && (role === undefined || step.by === role));
};

/** The step a move makes from a status: null when the activation is already where the move leads (a
 * repeat changes nothing), ActivationRefusal when it does not apply. */
export function next(status: ActivationStatus, move: ActivationMove): ActivationStep | null {
  const step = ACTIVATION_TRANSITIONS[status]?.[move];
  if (step) return step;
  const target = ACTIVATION_TRANSITIONS.proposed[move]?.to;
  if (target === status) return null;
  throw new ActivationRefusal(status, move);
}

/** What a role may do with an activation now (the screens' buttons). */
export const actions = (status: ActivationStatus, role: ActivationRole): ActivationMove[] =>
  (Object.keys(ACTIVATION_TRANSITIONS[status]) as ActivationMove[]).filter((m) => can(status, m, role));

/** The status in people's words (both panels). */
export const ACTIVATION_STATUS_LABEL: Record<ActivationStatus, string> = {
  proposed: 'Waiting for the athlete',
  confirmed: 'Confirmed',
  declined: 'Declined',
  canceled: 'Canceled',
};

// ---- a new activation ----------------------------------------------------------------------------

/** The least and the most one activation may pay (integer cents): $1, and $100,000 (a single
 * deliverable above it is beyond any appearance fee a collective pays; NIL Go reviews deals above
 * about $15,000 for their range of compensation). */
export const ACTIVATION_MIN_CENTS = 100;
export const ACTIVATION_MAX_CENTS = 10_000_000;
export const ACTIVATION_DESCRIPTION_MAX = 500;
export const ACTIVATION_REASON_MAX = 300;
export const ACTIVATION_PROOF_MAX = 500;

export interface ActivationInput {
  athleteId: number;
  kind: ActivationKind;
  description: string;
  /** The day of the deliverable (YYYY-MM-DD). */
  date: string;
  priceCents: number;
  /** A public https link to the proof (the post, a photo, the event page). */
  proofUrl: string;
}

export type ActivationField = keyof ActivationInput;

const isDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

/** A public https link: https, a host with a dot, not a local or private address. */
export function proofUrlError(value: string): string | null {
  if (!value) return 'is required: a public https link to the deliverable (a post, a photo, the event page)';
  if (value.length > ACTIVATION_PROOF_MAX) return `must be at most ${ACTIVATION_PROOF_MAX} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a link (https://...)';
  }
  if (url.protocol !== 'https:') return 'must start with https://';
  const host = url.hostname.toLowerCase();
  if (!host.includes('.') || host.endsWith('.local') || host.endsWith('.internal') || /^[\d.]+$/.test(host) || host.startsWith('['))
    return 'must be a public web address';
  if (url.username || url.password) return 'must not hold a user name or password';
  return null;
}

/** Validates a new activation as sent by the collective's form: the field errors (empty when valid).
 * `today` (YYYY-MM-DD) bounds the date: a deliverable is at most a year ahead and not before 2021-07-01
 * (NCAA's interim NIL policy). */
export function activationErrors(input: Record<string, unknown>, today: string): Partial<Record<ActivationField, string>> {
  const errors: Partial<Record<ActivationField, string>> = {};
  if (!Number.isSafeInteger(input.athleteId) || Number(input.athleteId) <= 0) errors.athleteId = 'choose one of your athletes';
  if (typeof input.kind !== 'string' || !ACTIVATION_KINDS.includes(input.kind as ActivationKind)) errors.kind = 'choose what the athlete delivers';
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  if (description.length < 3) errors.description = 'say what the athlete delivers (at least 3 characters)';
  else if (description.length > ACTIVATION_DESCRIPTION_MAX) errors.description = `must be at most ${ACTIVATION_DESCRIPTION_MAX} characters`;
  const date = typeof input.date === 'string' ? input.date : '';
  if (!isDay(date)) errors.date = 'must be a day (YYYY-MM-DD)';
  else if (date < '2021-07-01') errors.date = 'must be on or after 2021-07-01';
  else if (date > `${Number(today.slice(0, 4)) + 1}${today.slice(4, 10)}`) errors.date = 'must be within a year from today';
  const price = input.priceCents;
  if (typeof price !== 'number' || !Number.isSafeInteger(price)) errors.priceCents = 'must be a whole number of cents';
  else if (price < ACTIVATION_MIN_CENTS) errors.priceCents = 'must be at least $1.00';
  else if (price > ACTIVATION_MAX_CENTS) errors.priceCents = 'must be at most $100,000.00';
  const proof = proofUrlError(typeof input.proofUrl === 'string' ? input.proofUrl.trim() : '');
  if (proof) errors.proofUrl = proof;
  return errors;
}

/** A decline's reason: required, so the collective knows what to fix. */
export function declineReasonError(reason: unknown): string | null {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text.length < 3) return 'say why (at least 3 characters), so the collective can fix it';
  if (text.length > ACTIVATION_REASON_MAX) return `must be at most ${ACTIVATION_REASON_MAX} characters`;
  return null;
}

// ---- the refusal of the old allocation route -----------------------------------------------------

export const ALLOCATION_GONE_MESSAGE =
  'Paying an athlete from donations with nothing delivered is not allowed: since 2026 NIL Go rejects payments from an associated entity that buy no goods or services. Record an activation (a deliverable the athlete confirms) instead.';

/** How past allocations are named wherever they are listed (they stay in the books). */
export const PAST_ALLOCATION_LABEL = 'Donation allocation (before activations)';

// ---- the API --------------------------------------------------------------------------------------

export interface ActivationHistoryEntry {
  at: string;
  from: ActivationStatus | null;
  to: ActivationStatus;
  by: ActivationRole;
  /** The account's label (an email) or the athlete's name. */
  label: string;
  reason?: string;
}

export interface ActivationView extends ActivationInput {
  id: string;
  collectiveId: number;
  collectiveName: string;
  athleteName: string;
  status: ActivationStatus;
  statusLabel: string;
  declineReason: string | null;
  createdAt: string;
  /** When the athlete confirmed (the credit's time), or null. */
  confirmedAt: string | null;
  history: ActivationHistoryEntry[];
  /** What the reader may do now (drawn from the table). */
  actions: ActivationMove[];
}

export interface ActivationsResponse {
  activations: ActivationView[];
}
