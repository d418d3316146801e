// A collective's support page, shared by the server (lambdas/payments/support.handler.ts) and the web
// app (the public page /support/{id} and the collective panel's Support page settings): the
// settings (pitch, monthly membership tiers, one-time gifts, the platform fee), the public page,
// a gift or membership request that becomes a Stripe Checkout Session on the collective's account,
// what a finished checkout recorded, and the rules both sides check: one validator each for the
// settings form and the give form, run by the form before it sends and by the server on receipt.
import { forbiddenCharacterError, isBlankText, trimText } from '../platform/text';
import { formatUsd } from '../platform/money';
import { publicNameError } from '../platform/name-guard';

export const PITCH_MAX = 600;
export const TIER_NAME_MAX = 40;
export const PERK_MAX = 200;
export const DONOR_NAME_MAX = 60;
export const COMMENT_MAX = 280;
/** A gift or a tier: $1 to $10,000 (abuse limits of a public payment page; Stripe's own minimum is $0.50). */
export const MIN_AMOUNT_CENTS = 100;
export const MAX_AMOUNT_CENTS = 1_000_000;
/** Tiers offered at once; retired tiers (whose members keep paying) are kept besides, up to MAX_TIERS. */
export const MAX_ACTIVE_TIERS = 6;
export const MAX_TIERS = 20;
/** The platform fee in basis points (100 = 1%), at most 10%. */
export const MAX_FEE_BASIS_POINTS = 1000;
/** The one-time gift's preset amounts. */
export const GIFT_PRESETS_CENTS = [1000, 2500, 5000, 10000] as const;

export interface SupportTier {
  /** Given by the server ('t1', 't2', ...), never reused. */
  id: string;
  name: string;
  /** Charged every month. A new amount applies to new members; current ones keep theirs (Stripe keeps each subscription's price). */
  amountCents: number;
  perk: string;
  /** Not offered any more; its members keep their membership until they cancel. */
  retired: boolean;
}

/** A fundraising goal shown with a progress bar: all the donations, or this calendar month's (UTC). */
export interface SupportGoal {
  amountCents: number;
  label: string;
  period: 'all' | 'month';
}

export interface SupportSettings {
  pitch: string;
  tiers: SupportTier[];
  giftsEnabled: boolean;
  feeBasisPoints: number;
  /** The name receipts are issued in (the collective's legal name); empty: the collective's name. */
  legalName: string;
  /** Whether payments to the collective are tax-deductible (a 501(c)(3)); receipts say so. Off by default. */
  taxDeductible: boolean;
  goal: SupportGoal | null;
  /** Raised by each save: a save based on an older version is refused (409). */
  version: number;
  updatedAt: string | null;
}

export const DEFAULT_SUPPORT_SETTINGS: SupportSettings = {
  pitch: '',
  tiers: [],
  giftsEnabled: true,
  feeBasisPoints: 0,
  legalName: '',
  taxDeductible: false,
  goal: null,
  version: 0,
  updatedAt: null,
};
export const LEGAL_NAME_MAX = 120;
export const GOAL_LABEL_MAX = 80;
/** Supporters listed on the wall (newest first). */
export const WALL_SIZE = 50;

export interface TierInput {
  /** An existing tier's id; null for a new tier. */
  id: string | null;
  name: string;
  amountCents: number;
  perk: string;
  retired: boolean;
}

/** PUT /api/collectives/{id}/support */
export interface SupportSettingsRequest {
  pitch: string;
  giftsEnabled: boolean;
  feeBasisPoints: number;
  legalName: string;
  taxDeductible: boolean;
  goal: SupportGoal | null;
  tiers: TierInput[];
  /** The version the form was loaded with. */
  version: number;
}

/** Whether the collective's Stripe account can take the donations' card payments. */
export interface SupportAccountStatus {
  linked: boolean;
  chargesEnabled: boolean;
}

/** GET and PUT /api/collectives/{id}/support (the collective's own). */
export interface SupportSettingsResponse {
  collectiveId: number;
  settings: SupportSettings;
  account: SupportAccountStatus;
  /** Members paying now, per tier id (retired tiers included). */
  activeMembers: Record<string, number>;
}

export type PublicTier = Omit<SupportTier, 'retired'>;

/** GET /api/support/{id} (public). */
export interface SupportPageResponse {
  collectiveId: number;
  collectiveName: string;
  school: { id: number; name: string; logo: string } | null;
  pitch: string;
  /** The tiers offered (retired ones are not). */
  tiers: PublicTier[];
  giftsEnabled: boolean;
  feeBasisPoints: number;
  /** False until the collective's Stripe account takes card payments: the page says so, no button. */
  open: boolean;
  /** Why it is closed: the collective's Stripe account does not take payments yet, it offers
   * nothing (no tier, no gifts), or this deployment has no Stripe settings. Null when open. */
  closedBecause: 'no_account' | 'nothing_offered' | 'payments_unavailable' | null;
  /** The goal and what was raised towards it (net of refunds), or null without a goal. */
  goal: (SupportGoal & { raisedCents: number }) | null;
  /** Active monthly members plus one-time gifts not refunded in full (each gift counts once: Drift
   * keeps no donor identity to tell two gifts of one person apart). */
  supporters: number;
  /** The supporters who gave their name (never Anonymous, never an email), newest first, at most WALL_SIZE. */
  wall: WallEntry[];
}

export interface WallEntry {
  donorName: string;
  kind: GiveKind;
  tierName: string | null;
  date: string;
}

export type GiveKind = 'gift' | 'membership';

/** POST /api/support/{id}/checkout (public). */
export interface GiveRequest {
  kind: GiveKind;
  /** A membership's tier. */
  tierId?: string;
  /** A gift's amount. */
  amountCents?: number;
  donorName: string;
  anonymous: boolean;
  /** Giving for an organization (a business, a club): listed as Donation (Organization). */
  organization: boolean;
  comment: string;
}

export interface GiveResponse {
  /** Stripe's hosted payment page. */
  url: string;
  sessionId: string;
}

/** What a completed checkout recorded, as the public may see it (never an email). */
export interface RecordedGift {
  kind: GiveKind;
  amountCents: number;
  tierName: string | null;
  /** The donor's name as given, or 'Anonymous'. */
  donorName: string;
  comment: string | null;
  date: string;
}

/** GET /api/support/{id}/checkouts/{sessionId} (public): the thank-you state. */
export interface CheckoutResultResponse {
  status: 'open' | 'complete' | 'expired';
  recorded: RecordedGift | null;
  /** A membership's signed "Manage membership" link (Stripe's customer portal), else null. */
  manageUrl: string | null;
}

export type FieldErrors = Record<string, string>;

export interface Validated<T> {
  value: T;
  errors: FieldErrors;
}

export const ANONYMOUS = 'Anonymous';

/** The name a donor is shown by, on every screen: the name given, or 'Anonymous'. */
export const donorLabel = (donor: { donorName: string; anonymous: boolean }): string => (donor.anonymous ? ANONYMOUS : donor.donorName);

/** A platform fee of `basisPoints` on `amountCents`, in whole cents (half up, integers only). */
export function feeCents(amountCents: number, basisPoints: number): number {
  const n = amountCents * basisPoints + 5000;
  return (n - (n % 10000)) / 10000;
}

/** Basis points as Stripe's application_fee_percent (250 -> 2.5). */
export const feePercent = (basisPoints: number): number => basisPoints / 100;

/** Basis points as a person reads them: 250 -> '2.5%'. */
export const percentText = (basisPoints: number): string => `${String(basisPoints / 100)}%`;

/** A typed percentage ('2.5', '2.5%', '0') as basis points, or null (at most two decimals). */
export function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A tier as its button says it: 'Crew · $10.00 / month'. */
export const tierLabel = (tier: { name: string; amountCents: number }): string => `${tier.name} · ${formatUsd(tier.amountCents)} / month`;

function textField(input: unknown, field: string, errors: FieldErrors, o: { label: string; max: number; required: boolean; multiline?: boolean }): string {
  if (input !== undefined && input !== null && typeof input !== 'string') {
    errors[field] = `${o.label} must be text`;
    return '';
  }
  const value = trimText(typeof input === 'string' ? input : '');
  if (isBlankText(value)) {
    if (o.required) errors[field] = `${o.label} is required`;
    return '';
  }
  const forbidden = forbiddenCharacterError(value, o.label, { multiline: o.multiline });
  if (forbidden) errors[field] = forbidden;
  else if (value.length > o.max) errors[field] = `${o.label} must be at most ${o.max} characters`;
  return value;
}

function amountField(input: unknown, field: string, errors: FieldErrors, label: string): number {
  if (typeof input !== 'number' || !Number.isInteger(input)) errors[field] = `${label} must be an amount in dollars and cents`;
  else if (input < MIN_AMOUNT_CENTS || input > MAX_AMOUNT_CENTS)
    errors[field] = `${label} must be between ${formatUsd(MIN_AMOUNT_CENTS)} and ${formatUsd(MAX_AMOUNT_CENTS)}`;
  return typeof input === 'number' ? input : 0;
}

const bool = (input: unknown): boolean => input === true;

/**
 * The support page's settings. `current` (the stored tiers) holds the server to its rules: a tier
 * named by id must exist, and no existing tier may be left out (a tier is retired, never deleted,
 * so its members keep a name). Field errors are named 'pitch', 'feeBasisPoints', 'tiers' and
 * 'tiers.{i}.name' / '.amountCents' / '.perk'.
 */
export function validateSupportSettings(body: Record<string, unknown>, current: readonly SupportTier[] = []): Validated<SupportSettingsRequest> {
  const errors: FieldErrors = {};
  const pitch = textField(body.pitch, 'pitch', errors, { label: 'Pitch', max: PITCH_MAX, required: false, multiline: true });
  const fee = body.feeBasisPoints;
  if (typeof fee !== 'number' || !Number.isInteger(fee) || fee < 0 || fee > MAX_FEE_BASIS_POINTS)
    errors.feeBasisPoints = `Platform fee must be between 0% and ${percentText(MAX_FEE_BASIS_POINTS)}, with at most two decimals`;
  const version = typeof body.version === 'number' && Number.isInteger(body.version) && body.version >= 0 ? body.version : -1;
  if (version < 0) errors.version = 'Version must be the settings version the form was loaded with';
  const list = Array.isArray(body.tiers) ? body.tiers : [];
  if (!Array.isArray(body.tiers)) errors.tiers = 'Tiers must be a list';
  const tiers: TierInput[] = list.slice(0, MAX_TIERS + 1).map((raw, i) => {
    const t = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const id = typeof t.id === 'string' && t.id !== '' ? t.id : null;
    if (id !== null && !current.some((c) => c.id === id) && current.length > 0) errors[`tiers.${i}.name`] = 'This tier no longer exists: reload the page';
    return {
      id,
      name: textField(t.name, `tiers.${i}.name`, errors, { label: 'Tier name', max: TIER_NAME_MAX, required: true }),
      amountCents: amountField(t.amountCents, `tiers.${i}.amountCents`, errors, 'Monthly amount'),
      perk: textField(t.perk, `tiers.${i}.perk`, errors, { label: 'Perk', max: PERK_MAX, required: false, multiline: true }),
      retired: bool(t.retired),
    };
  });
  if (list.length > MAX_TIERS) errors.tiers = `At most ${MAX_TIERS} tiers, retired ones included`;
  else if (tiers.filter((t) => !t.retired).length > MAX_ACTIVE_TIERS)
    errors.tiers = `At most ${MAX_ACTIVE_TIERS} tiers can be offered at once: retire one first`;
  const missing = current.filter((c) => !tiers.some((t) => t.id === c.id));
  if (missing.length) errors.tiers = `A tier can be retired but not removed (${missing.map((m) => m.name).join(', ')})`;
  const names = tiers.map((t) => t.name.toLowerCase());
  names.forEach((name, i) => {
    if (name && names.indexOf(name) !== i) errors[`tiers.${i}.name`] ??= 'Two tiers cannot have the same name';
  });
  const legalName = textField(body.legalName, 'legalName', errors, { label: 'Legal name', max: LEGAL_NAME_MAX, required: false });
  const goal = goalField(body.goal, errors);
  return {
    value: {
      pitch,
      giftsEnabled: bool(body.giftsEnabled),
      feeBasisPoints: typeof fee === 'number' ? fee : 0,
      legalName,
      taxDeductible: bool(body.taxDeductible),
      goal,
      tiers,
      version,
    },
    errors,
  };
}

/** A goal (absent or null: none). Field errors 'goal.amountCents', 'goal.label', 'goal.period'. */
function goalField(input: unknown, errors: FieldErrors): SupportGoal | null {
  if (input === undefined || input === null) return null;
  const g = (typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const amountCents = typeof g.amountCents === 'number' && Number.isInteger(g.amountCents) ? g.amountCents : 0;
  if (amountCents < MIN_AMOUNT_CENTS || amountCents > 100 * MAX_AMOUNT_CENTS)
    errors['goal.amountCents'] = `Goal must be between ${formatUsd(MIN_AMOUNT_CENTS)} and ${formatUsd(100 * MAX_AMOUNT_CENTS)}`;
  const label = textField(g.label, 'goal.label', errors, { label: 'Goal label', max: GOAL_LABEL_MAX, required: true });
  const period = g.period === 'month' ? 'month' : 'all';
  if (g.period !== undefined && g.period !== 'all' && g.period !== 'month') errors['goal.period'] = 'Choose all donations or this month';
  return { amountCents, label, period };
}

/** A name with an '@' may be an email address or part of one: the public never sees one. */
const holdsAt = (text: string): boolean => text.includes('@');
/** An email address inside a comment. */
const EMAIL_IN_TEXT = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/**
 * A gift or membership, against what the page offers. Field errors are named 'kind', 'tierId',
 * 'amountCents', 'donorName' and 'comment'.
 */
export function validateGive(body: Record<string, unknown>, page: Pick<SupportPageResponse, 'tiers' | 'giftsEnabled'>): Validated<GiveRequest> {
  const errors: FieldErrors = {};
  const kind: GiveKind = body.kind === 'membership' ? 'membership' : 'gift';
  if (body.kind !== 'gift' && body.kind !== 'membership') errors.kind = 'Choose a monthly membership or a one-time gift';
  const value: GiveRequest = { kind, donorName: '', anonymous: bool(body.anonymous), organization: false, comment: '' };
  if (kind === 'membership') {
    const tier = page.tiers.find((t) => t.id === body.tierId);
    if (!tier) errors.tierId = 'Choose a membership tier';
    else value.tierId = tier.id;
  } else {
    if (!page.giftsEnabled) errors.kind = 'This collective takes monthly memberships only';
    value.amountCents = amountField(body.amountCents, 'amountCents', errors, 'Amount');
  }
  const name = textField(body.donorName, 'donorName', errors, { label: 'Your name', max: DONOR_NAME_MAX, required: !value.anonymous });
  if (!value.anonymous && !errors.donorName && holdsAt(name)) errors.donorName = 'Your name is shown with your gift: enter a name, not an email address';
  // The name guard's words and label (decision 0026); the API also checks athletes', schools' and collectives' names.
  const guarded = !value.anonymous && !errors.donorName ? publicNameError(name) : null;
  if (guarded) errors.donorName = guarded;
  value.donorName = value.anonymous ? '' : name;
  value.organization = !value.anonymous && bool(body.organization);
  value.comment = textField(body.comment, 'comment', errors, { label: 'Comment', max: COMMENT_MAX, required: false, multiline: true });
  if (!errors.comment && EMAIL_IN_TEXT.test(value.comment)) errors.comment = 'Comments are shown publicly: leave out email addresses';
  return { value, errors };
}
