// State NIL disclosure clocks (issue 23): when an athlete must disclose a deal, relative to signing
// it or to being paid, and to whom. The school's state decides which applies. For a card licence,
// "signing" is the athlete's approval of the card and "payment" a payout paid.
//
// Data, not legal advice: every row names its statute and is a setting the school's compliance
// office confirms (statutes change; several were amended in 2024-2025). Where a statute requires
// disclosure but leaves the timing to the school, the row says so and the school's own policy
// (days after signing, a setting per school) gives the clock; without that setting no date is shown.
import { addBusinessDays, complianceDate } from '../platform/business-days';
export { US_STATES, stateCodeOf, stateError } from '../catalog/us-states';

export type ClockStart = 'signing' | 'payment';

export interface StateRule {
  state: string;
  name: string;
  /** Days relative to the start: negative or 0 with `before` = must precede it. */
  clock: { start: ClockStart; before: boolean; days: number; business: boolean } | { schoolPolicy: true };
  to: string;
  source: string;
}

export const DEFAULT_RULE: StateRule = {
  state: '*',
  name: 'Other states',
  clock: { schoolPolicy: true },
  to: "the school's compliance office, as its policy requires",
  source: "No statewide clock assumed: the school's NIL policy applies (and NIL Go's, shared/money/nil-go.ts).",
};

export const STATE_RULES: readonly StateRule[] = [
  {
    state: 'NY',
    name: 'New York',
    clock: { start: 'signing', before: true, days: 0, business: false },
    to: 'an official of the college, designated by the college',
    source: 'N.Y. Education Law § 6438: disclosed in advance of executing the contract.',
  },
  {
    state: 'OH',
    name: 'Ohio',
    clock: { start: 'signing', before: true, days: 0, business: false },
    to: "the school's designated compliance official",
    source: "Ohio Executive Order 2021-10D and the school's rules under it: disclosed before the contract is executed.",
  },
  {
    state: 'TX',
    name: 'Texas',
    clock: { start: 'signing', before: true, days: 0, business: false },
    to: 'the individual the institution designates',
    source: 'Tex. Education Code § 51.9246: the proposed contract disclosed before it is executed.',
  },
  {
    state: 'CA',
    name: 'California',
    clock: { schoolPolicy: true },
    to: 'an official of the institution, designated by the institution',
    source: 'Cal. Education Code § 67456: disclosure required; the statute sets no time.',
  },
  {
    state: 'FL',
    name: 'Florida',
    clock: { schoolPolicy: true },
    to: 'the institution, in the manner it prescribes',
    source: 'Fla. Stat. § 1006.74: disclosure in the manner the institution prescribes.',
  },
  {
    state: 'PA',
    name: 'Pennsylvania',
    clock: { schoolPolicy: true },
    to: 'the institution, as its policy requires',
    source: 'Pennsylvania Act 26 of 2021 as amended in 2022 (HB 2633 removed the seven-days-before requirement).',
  },
  {
    state: 'GA',
    name: 'Georgia',
    clock: { schoolPolicy: true },
    to: 'the institution, as its policy requires',
    source: 'O.C.G.A. § 20-3-681 as amended: the timing is confirmed with the school.',
  },
];

export function ruleOf(state: string | null | undefined): StateRule {
  const code = String(state ?? '')
    .trim()
    .toUpperCase();
  return STATE_RULES.find((r) => r.state === code) ?? DEFAULT_RULE;
}

export interface StateClock {
  rule: StateRule;
  /** 'before': the disclosure must come before the event (due on its date at the latest). */
  kind: 'before' | 'after' | 'school-policy';
  /** The date the disclosure is due by (YYYY-MM-DD, US Eastern), or null when not known yet. */
  dueBy: string | null;
  /** What the clock runs from, in words. */
  from: string;
}

const START_WORDS: Record<ClockStart, string> = { signing: "the athlete's approval of the card", payment: 'the first payout paid' };

export interface DealEvents {
  signedAt: string | null;
  firstPaidAt: string | null;
}

/** The state clock for one deal: from its signing (card approval) and first payment, if any. */
export function stateClock(state: string | null | undefined, events: DealEvents, schoolPolicyDays?: number): StateClock {
  return clockFor(ruleOf(state), events, schoolPolicyDays);
}

/** A rule's clock for one deal (a school's own rule row, or a state's). */
export function clockFor(rule: StateRule, events: DealEvents, schoolPolicyDays?: number): StateClock {
  if ('schoolPolicy' in rule.clock) {
    const days = Number.isSafeInteger(schoolPolicyDays) && schoolPolicyDays! >= 0 ? schoolPolicyDays! : null;
    return {
      rule,
      kind: 'school-policy',
      dueBy: days !== null && events.signedAt ? addBusinessDays(complianceDate(events.signedAt), days) : null,
      from: days !== null ? `${days} business days after ${START_WORDS.signing} (the school's policy)` : "as the school's policy sets",
    };
  }
  const clock = rule.clock;
  const at = clock.start === 'signing' ? events.signedAt : events.firstPaidAt;
  const date = at ? complianceDate(at) : null;
  if (clock.before) return { rule, kind: 'before', dueBy: date, from: `before ${START_WORDS[clock.start]}` };
  const dueBy = date ? (clock.business ? addBusinessDays(date, clock.days) : shiftDays(date, clock.days)) : null;
  return { rule, kind: 'after', dueBy, from: `${clock.days} ${clock.business ? 'business ' : ''}days after ${START_WORDS[clock.start]}` };
}

function shiftDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** One clock the disclosure record shows: a state's for one deal (a card approved, or the first
 * payout paid), or NIL Go's for one record. */
export interface DisclosureClock {
  kind: 'state' | 'nil-go';
  /** What it is about: the card, the first payment, or the NIL Go record's payors. */
  subject: string;
  /** When it runs from, in words. */
  from: string;
  /** 'before': due on the day of the event at the latest. */
  timing: StateClock['kind'] | 'after';
  dueBy: string | null;
  to: string;
  source: string;
}

export interface ClockInputs {
  state: string | null;
  /** The athlete's cards with the day each was approved by the athlete (its signing), if it was. */
  cards: Array<{ name: string; approvedAt: string | null }>;
  firstPaidAt: string | null;
  schoolPolicyDays: number | null;
  nilGo: Array<{ payors: string[]; reportableAt: string | null; deadline: string | null }>;
}

/** Every clock that applies to an athlete: its school's state rule for each card licence (signing is
 * the card's approval) or for the first payment, then NIL Go's for each reportable record. */
export function disclosureClocks(input: ClockInputs): DisclosureClock[] {
  const rule = ruleOf(input.state);
  const days = input.schoolPolicyDays ?? undefined;
  const clocks: DisclosureClock[] = [];
  const byPayment = !('schoolPolicy' in rule.clock) && rule.clock.start === 'payment';
  const deals = byPayment
    ? [{ subject: 'the first payout paid', events: { signedAt: null, firstPaidAt: input.firstPaidAt } }]
    : input.cards.filter((c) => c.approvedAt).map((c) => ({ subject: c.name, events: { signedAt: c.approvedAt, firstPaidAt: input.firstPaidAt } }));
  for (const deal of deals) {
    const clock = clockFor(rule, deal.events, days);
    clocks.push({ kind: 'state', subject: deal.subject, from: clock.from, timing: clock.kind, dueBy: clock.dueBy, to: rule.to, source: rule.source });
  }
  for (const record of input.nilGo.filter((r) => r.reportableAt))
    clocks.push({
      kind: 'nil-go',
      subject: record.payors.join(', '),
      from: '5 business days after the compensation provided reached $600',
      timing: 'after',
      dueBy: record.deadline,
      to: 'NIL Go (the College Sports Commission)',
      source: "The College Sports Commission's NIL Go reporting rules (shared/money/nil-go.ts)",
    });
  return clocks;
}
