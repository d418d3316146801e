// NIL Go's reporting rule, computed from what was provided (issue 23).
//
// The rule, as Drift applies it (a setting a collective's compliance officer confirms):
// - A Division I athlete reports third-party NIL deals once the compensation *provided* by one payor
//   reaches $600 in aggregate, counted over the athlete's period of eligibility (not per calendar
//   year), payors under common ownership counting as one (a payor group, a setting).
// - "Provided" is money that reached the athlete: payouts paid, net of payouts that failed or were
//   reversed afterwards. Money earned but not yet paid is not provided; nothing before the
//   athlete's eligibility start counts.
// - The report is due within 5 business days of the aggregate reaching $600
//   (shared/platform/business-days.ts: weekends and observed US federal holidays skipped, the day
//   counted in US Eastern time).
// - A deal is entered once unless its terms change: a change of rate or terms opens a new record.
//   Once a group's aggregate reaches $600 every deal with it is reportable: deals (terms) begun
//   before that moment are due 5 business days after it, terms that change later 5 business days
//   after the change. A reversal that takes the aggregate back under $600 does not undo a report due.
// - A card licence's royalty rate is the athlete's share of net card sales: 97% (9,700 basis points).
// - Activations (docs/decisions/0027-activations.md: deliverables the athlete confirmed, paid at their
//   recorded price) are a second deal with the same payor group, of type services: their own record
//   (`<group>~activation~v<version>`), counted in the same aggregate as the card royalties.
import { addBusinessDays, businessDaysAfterInstant, complianceDate } from '../platform/business-days';

export const NIL_GO_THRESHOLD_CENTS = 60_000;
export const NIL_GO_BUSINESS_DAYS = 5;
/** The card licence's royalty: 97% of net card sales. */
export const CARD_ROYALTY_BASIS_POINTS = 9_700;

/** Money provided to an athlete by a payor (negative: a payout that failed or was reversed). */
export interface Provision {
  at: string;
  cents: number;
  payorId: string;
  /** What it was (the payout batch or transfer), for the record's documents. */
  reference: string;
  /** The deal it pays: the card licence (royalties; absent) or activations (services). */
  deal?: DealKind;
}

export type DealKind = 'card_licence' | 'activation';

/** The terms of the athlete's deal with a payor group, from `from` on (versions in time order). */
export interface DealTerms {
  version: number;
  from: string;
  royaltyBasisPoints: number;
  /** What the athlete does for it (for a card licence: approving each card). */
  obligations: string;
  /** The deal (absent: the card licence) and NIL Go's deal type. */
  deal?: DealKind;
  dealType?: 'royalty' | 'services';
}

export interface NilGoRecord {
  payorGroup: string;
  terms: DealTerms;
  /** Provided by the group since eligibility start, up to now (all terms). */
  cumulativeCents: number;
  /** Provided under these terms. */
  providedUnderTermsCents: number;
  /** When the record became reportable (the aggregate reached $600, or the terms changed after). */
  reportableAt: string | null;
  deadline: string | null;
  /** The provisions that make up the aggregate, oldest first (the record's documents). */
  references: string[];
}

export interface NilGoOptions {
  /** A day (YYYY-MM-DD: provisions count from that day in US Eastern time) or an instant. */
  eligibilityStart: string;
  /** The group a payor belongs to (common ownership); default: each payor its own group. */
  groupOf?: (payorId: string) => string;
  /** Terms per payor group (at least one version each group that provided anything). */
  termsOf: (payorGroup: string) => DealTerms[];
  /** The activations' terms per payor group (default: ACTIVATION_TERMS from the eligibility start). */
  activationTermsOf?: (payorGroup: string) => DealTerms[];
  now: string;
}

/** The NIL Go records of one athlete: one per payor group and terms version that has any money
 * provided, with the date each became reportable and its deadline. */
export function nilGoRecords(provisions: Provision[], options: NilGoOptions): NilGoRecord[] {
  const groupOf = options.groupOf ?? ((id: string) => id);
  const byDay = /^\d{4}-\d{2}-\d{2}$/.test(options.eligibilityStart);
  const eligible = (at: string) => (byDay ? complianceDate(at) >= options.eligibilityStart : at >= options.eligibilityStart);
  const counted = provisions
    .filter((p) => eligible(p.at) && p.at <= options.now && Number.isSafeInteger(p.cents))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const byGroup = new Map<string, Provision[]>();
  for (const p of counted) {
    const group = groupOf(p.payorId);
    byGroup.set(group, [...(byGroup.get(group) ?? []), p]);
  }
  const records: NilGoRecord[] = [];
  for (const [group, list] of [...byGroup].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // When the aggregate first reached the threshold (a later reversal below it does not undo a report due).
    let running = 0;
    let crossedAt: string | null = null;
    for (const p of list) {
      running += p.cents;
      if (!crossedAt && running >= NIL_GO_THRESHOLD_CENTS) crossedAt = p.at;
    }
    // Each deal with the group has its own records (the card licence, activations), one per terms
    // version; the aggregate is the group's, all deals together.
    const deals: Array<{ list: Provision[]; versions: DealTerms[]; always: boolean }> = [
      {
        list: list.filter((p) => (p.deal ?? 'card_licence') === 'card_licence'),
        versions: [...options.termsOf(group)],
        always: !list.some((p) => p.deal === 'activation'),
      },
      {
        list: list.filter((p) => p.deal === 'activation'),
        versions: [...(options.activationTermsOf ?? (() => activationTermsFrom(options.eligibilityStart)))(group)],
        always: false,
      },
    ];
    for (const deal of deals) {
      if (!deal.list.length && !deal.always) continue;
      const versions = deal.versions.sort((a, b) => a.version - b.version);
      if (!versions.length) throw new RangeError(`No deal terms for payor group ${group}`);
      versions.forEach((terms, i) => {
        const until = versions[i + 1]?.from ?? null;
        const under = deal.list.filter((p) => p.at >= terms.from && (until === null || p.at < until));
        // A version nobody was paid under, and that is not the current one, has nothing to report.
        if (!under.length && until !== null) return;
        // Once the aggregate has reached $600, every deal with the group is reported: those before the
        // crossing at the crossing, terms that begin after it when they begin.
        const reportableAt = crossedAt ? (crossedAt > terms.from ? crossedAt : terms.from) : null;
        records.push({
          payorGroup: group,
          terms,
          cumulativeCents: running,
          providedUnderTermsCents: under.reduce((sum, p) => sum + p.cents, 0),
          reportableAt,
          deadline: reportableAt ? businessDaysAfterInstant(reportableAt, NIL_GO_BUSINESS_DAYS) : null,
          references: deal.list.filter((p) => p.at <= (until ?? options.now)).map((p) => p.reference),
        });
      });
    }
  }
  return records;
}

// ---- the terms Drift offers, the record's identity and its status ----------------------------------

/** The card licence as Drift offers it, in time order: a change of the royalty rate or of what the
 * athlete does for it is a new version from its date (data: a change here opens a new NIL Go record
 * for every athlete paid under it). */
export const CARD_LICENCE_TERMS: readonly DealTerms[] = [
  {
    version: 1,
    from: '2000-01-01',
    royaltyBasisPoints: CARD_ROYALTY_BASIS_POINTS,
    obligations:
      'Licenses the athlete’s name, image and likeness on official digital trading cards sold through Drift; approves each card’s exact image before it is published; no appearances or posts are required',
  },
];

/** Activations as Drift offers them: services at the price the collective records for each
 * deliverable, paid only once the athlete confirms it was delivered (no royalty rate). */
export const ACTIVATION_TERMS: readonly DealTerms[] = [
  {
    version: 1,
    from: '2000-01-01',
    royaltyBasisPoints: 0,
    deal: 'activation',
    dealType: 'services',
    obligations:
      'Performs each deliverable the collective records (an appearance, an autograph session, a social media post, a camp or clinic) at its recorded price, paid once the athlete confirms it was delivered',
  },
];

/** The activations' terms that apply from an eligibility start (termsFrom over ACTIVATION_TERMS). */
export const activationTermsFrom = (eligibilityStart: string): DealTerms[] => termsFrom(eligibilityStart, ACTIVATION_TERMS);

/** The versions of the terms that apply to an athlete from its eligibility start: the one in force at
 * the start (from the start), then each later one from its own date. */
export function termsFrom(eligibilityStart: string, table: readonly DealTerms[] = CARD_LICENCE_TERMS): DealTerms[] {
  const start = eligibilityStart.slice(0, 10);
  const sorted = [...table].sort((a, b) => a.version - b.version);
  const current = sorted.filter((t) => t.from.slice(0, 10) <= start).pop() ?? sorted[0];
  return [{ ...current, from: start }, ...sorted.filter((t) => t.version > current.version && t.from.slice(0, 10) > start)];
}

/** A record's id: its payor group, deal and terms version (entered once unless the terms change). The
 * card licence keeps the id it had before activations: `<group>~v<version>`. */
export const nilGoRecordId = (payorGroup: string, version: number, deal: DealKind = 'card_licence'): string =>
  deal === 'activation' ? `${payorGroup}~activation~v${version}` : `${payorGroup}~v${version}`;

export type NilGoStatus = 'under' | 'due' | 'due_today' | 'overdue' | 'reported';

/** Where a record stands on a day (YYYY-MM-DD, US Eastern): below the threshold, due (with the
 * business days left, the deadline counted), due today, overdue, or reported. */
export function nilGoStatus(record: Pick<NilGoRecord, 'deadline'>, reported: boolean, today: string): { status: NilGoStatus; businessDaysLeft: number | null } {
  if (reported) return { status: 'reported', businessDaysLeft: null };
  if (!record.deadline) return { status: 'under', businessDaysLeft: null };
  if (today > record.deadline) return { status: 'overdue', businessDaysLeft: 0 };
  if (today === record.deadline) return { status: 'due_today', businessDaysLeft: 0 };
  let left = 0;
  for (let day = today; day < record.deadline; day = addBusinessDays(day, 1)) left++;
  return { status: 'due', businessDaysLeft: left };
}
