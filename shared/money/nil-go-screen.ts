// NIL Go, screened before money moves (issue 33 item 4). Before Pay now sends an athlete's line, the
// money it would provide is screened per payor group the way the College Sports Commission's NIL Go
// reviews third-party NIL compensation, so a payment it would question is held, with its reason,
// until the collective records its review, instead of being found out after it was paid:
// - associated entity: a collective (a school's NIL collective) is always one, so each of the
//   checks below applies to every dollar it pays;
// - valid business purpose: every dollar must trace to goods or services sold to the public (a card
//   royalty: a card sale, a member card, a supporter card, a resale) or to a deliverable the athlete
//   confirmed (an activation). Money with neither behind it (a donation allocated before
//   activations existed) is held: it is the pattern NIL Go rejected;
// - range of compensation: a deal whose compensation would pass the per-deal threshold, or an
//   athlete whose compensation from associated payors would pass the total threshold over the
//   eligibility period, is held until the collective records that it reviewed the amount against
//   comparable deals (the amount, who, when, a note).
// The thresholds are settings whose defaults are the 2026 figures; every rule carries its source and
// the date it was checked (shown beside each decision; not legal advice: docs/COMPLIANCE.md).
// Pure: the payouts code gathers the amounts (pending by source, provided so far) and applies it.
import { formatUsd as usd } from '../platform/money';

/** Where the pending money comes from. */
export type MoneySource = 'card_royalty' | 'member_card_royalty' | 'supporter_card_royalty' | 'resale_royalty' | 'activation' | 'legacy_allocation';

export type ScreenRule = 'associated_entity' | 'business_purpose' | 'deal_range' | 'total_range';

export interface RuleSource {
  rule: ScreenRule;
  /** What the rule says, in plain words. */
  text: string;
  source: string;
  /** When Drift last checked the source (YYYY-MM-DD). */
  checked: string;
}

export const SCREEN_RULES: Record<ScreenRule, RuleSource> = {
  associated_entity: {
    rule: 'associated_entity',
    text: 'A collective that supports one school’s athletes is an associated entity: every payment it makes to an athlete is reviewed by NIL Go.',
    source: 'College Sports Commission, NIL Go reporting guidance for associated entities (2025-2026)',
    checked: '2026-11-29',
  },
  business_purpose: {
    rule: 'business_purpose',
    text: 'A payment from an associated entity must buy goods or services sold to the public, or a deliverable the athlete performed. Money with nothing sold or delivered behind it is rejected.',
    source: 'Arbitration upholding the College Sports Commission’s rejection of deals without a valid business purpose (May 2026)',
    checked: '2026-11-29',
  },
  deal_range: {
    rule: 'deal_range',
    text: 'A deal above the per-deal threshold is reviewed against the range of compensation of comparable deals.',
    source: 'College Sports Commission, range-of-compensation review (2026 thresholds: about $15,000 per deal)',
    checked: '2026-11-29',
  },
  total_range: {
    rule: 'total_range',
    text: 'An athlete whose compensation from school-associated payors passes the total threshold over the eligibility period is reviewed for the range of compensation.',
    source: 'College Sports Commission, range-of-compensation review (2026 thresholds: about $50,000 in total from associated payors)',
    checked: '2026-11-29',
  },
};

export interface ScreenSettings {
  /** Per deal (one payor group, one kind of deal), in cents. */
  perDealCents: number;
  /** In total from associated payors over the eligibility period, in cents. */
  totalCents: number;
}

/** The 2026 figures (settings a collective's compliance officer may lower, never raise past them). */
export const DEFAULT_SCREEN_SETTINGS: ScreenSettings = { perDealCents: 1_500_000, totalCents: 5_000_000 };

/** Kinds of deal NIL Go tells apart: a royalty licence (every card source) or services (activations). */
export type DealKind = 'royalty' | 'services' | 'none';

export const dealKindOf = (source: MoneySource): DealKind => (source === 'activation' ? 'services' : source === 'legacy_allocation' ? 'none' : 'royalty');

/** A review the collective recorded for an amount: it clears holds up to `upToCents` of the deal. */
export interface RecordedReview {
  rule: 'deal_range' | 'total_range';
  dealKind: DealKind;
  /** The cumulative compensation (provided + this payment) the review covers. */
  upToCents: number;
  by: string;
  at: string;
  note: string;
}

export interface ScreenInput {
  payorGroup: string;
  /** The line's pending money by source (cents, each > 0 when present). */
  pending: Partial<Record<MoneySource, number>>;
  /** Provided to the athlete so far by this payor group, per kind of deal, over the eligibility period. */
  providedByDeal: Partial<Record<DealKind, number>>;
  /** Provided so far by every associated payor (this group included), over the eligibility period. */
  providedByAssociatedCents: number;
  reviews: readonly RecordedReview[];
  settings?: ScreenSettings;
}

export interface Hold {
  rule: ScreenRule;
  dealKind: DealKind;
  cents: number;
  /** Plain words for the collective and the athlete. */
  reason: string;
  source: RuleSource;
}

export interface ScreenResult {
  /** What may be paid now, and what is held (the two sum to the pending total). */
  clearCents: number;
  heldCents: number;
  holds: Hold[];
  /** The checks that ran, for the screen that shows them. */
  checked: RuleSource[];
}

/** Screens one line's pending money for one payor group. */
export function screenPayment(input: ScreenInput): ScreenResult {
  const settings = input.settings ?? DEFAULT_SCREEN_SETTINGS;
  const holds: Hold[] = [];
  const byDeal = new Map<DealKind, number>();
  for (const [source, cents] of Object.entries(input.pending) as Array<[MoneySource, number | undefined]>) {
    if (!cents) continue;
    if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`pending ${source} must be whole, non-negative cents`);
    const kind = dealKindOf(source);
    byDeal.set(kind, (byDeal.get(kind) ?? 0) + cents);
  }
  const total = [...byDeal.values()].reduce((n, c) => n + c, 0);

  const purposeless = byDeal.get('none') ?? 0;
  if (purposeless > 0)
    holds.push({
      rule: 'business_purpose',
      dealKind: 'none',
      cents: purposeless,
      reason: `${usd(purposeless)} was allocated from donations with nothing sold or delivered behind it. NIL Go rejects such payments from an associated entity: it stays held. Record an activation for work the athlete did instead.`,
      source: SCREEN_RULES.business_purpose,
    });

  const covered = (rule: RecordedReview['rule'], kind: DealKind, upTo: number) =>
    input.reviews.some((r) => r.rule === rule && r.dealKind === kind && r.upToCents >= upTo);
  let associatedSoFar = input.providedByAssociatedCents;
  for (const kind of ['royalty', 'services'] as const) {
    const cents = byDeal.get(kind) ?? 0;
    if (cents === 0) continue;
    const dealAfter = (input.providedByDeal[kind] ?? 0) + cents;
    const totalAfter = associatedSoFar + cents;
    if (dealAfter > settings.perDealCents && !covered('deal_range', kind, dealAfter))
      holds.push({
        rule: 'deal_range',
        dealKind: kind,
        cents,
        reason: `This payment would bring the ${kind === 'royalty' ? 'card royalty' : 'services'} deal to ${usd(dealAfter)}, above the ${usd(settings.perDealCents)} per-deal review threshold. Record your review of the amount to release it.`,
        source: SCREEN_RULES.deal_range,
      });
    else if (totalAfter > settings.totalCents && !covered('total_range', kind, totalAfter))
      holds.push({
        rule: 'total_range',
        dealKind: kind,
        cents,
        reason: `This payment would bring the athlete’s compensation from associated payors to ${usd(totalAfter)}, above the ${usd(settings.totalCents)} total review threshold. Record your review of the amount to release it.`,
        source: SCREEN_RULES.total_range,
      });
    else associatedSoFar = totalAfter;
  }
  const heldCents = holds.reduce((n, h) => n + h.cents, 0);
  return {
    clearCents: total - heldCents,
    heldCents,
    holds,
    checked: [SCREEN_RULES.associated_entity, SCREEN_RULES.business_purpose, SCREEN_RULES.deal_range, SCREEN_RULES.total_range],
  };
}
