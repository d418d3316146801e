// Which information return a payment to an athlete goes on, and from what amount (issue 23).
// Data, not advice: every figure here is a setting a collective's tax adviser confirms
// (docs/COMPLIANCE.md lists the sources).
//
// - Card royalties (the athlete licenses their name, image and likeness for each card): royalties,
//   Form 1099-MISC box 2, reportable from $10 paid in the year (IRC 6050N; unchanged by the 2025 act).
// - Payments for services (an appearance, a post the collective pays for: an activation the athlete
//   confirmed, docs/decisions/0027-activations.md): nonemployee compensation,
//   Form 1099-NEC box 1: $600 for payments through 2025, $2,000 for payments made in 2026 (the
//   One Big Beautiful Bill Act, 2025), indexed for inflation from 2027 (the IRS publishes the figure;
//   until it is entered here, the latest known one is used and flagged for confirmation).
// - Other income (an allocated donation treated as a prize or award, as set): Form 1099-MISC box 3,
//   with the same $600 / $2,000 / indexed thresholds as 1099-NEC.
// - Both forms are due to recipients and the IRS by January 31 of the following year (the next
//   business day when it falls on a weekend or a federal holiday); from the 2027 filing season
//   e-filing goes through the IRS's IRIS portal.
import { addBusinessDays, isBusinessDay } from '../platform/business-days';

export type PaymentType = 'royalty' | 'services' | 'other';

export interface FormBox {
  form: '1099-MISC' | '1099-NEC';
  box: string;
  label: string;
}

export const FORM_BOX: Record<PaymentType, FormBox> = {
  royalty: { form: '1099-MISC', box: '2', label: 'Royalties' },
  services: { form: '1099-NEC', box: '1', label: 'Nonemployee compensation' },
  other: { form: '1099-MISC', box: '3', label: 'Other income' },
};

/** The $600 / $2,000 thresholds of 1099-NEC and 1099-MISC box 3 by payment year, in cents. Years
 * after the last entry use it, flagged: enter the IRS's indexed figure when it is published. */
export const INDEXED_THRESHOLDS_CENTS: Record<number, number> = { 2025: 60_000, 2026: 200_000 };
export const ROYALTY_THRESHOLD_CENTS = 1_000;

export interface Threshold {
  cents: number;
  /** True when the year's figure is not known yet and the latest known one stands in for it. */
  toConfirm: boolean;
}

/** The reporting threshold of a payment type for payments made in `year`; `overrides` (a setting,
 * by year) wins for the indexed types. */
export function reportingThreshold(type: PaymentType, year: number, overrides: Record<number, number> = {}): Threshold {
  if (type === 'royalty') return { cents: ROYALTY_THRESHOLD_CENTS, toConfirm: false };
  const table = { ...INDEXED_THRESHOLDS_CENTS, ...overrides };
  if (table[year] !== undefined) return { cents: table[year], toConfirm: false };
  const years = Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b);
  if (year < years[0]) return { cents: table[years[0]], toConfirm: false };
  const latest = years.filter((y) => y < year).pop()!;
  return { cents: table[latest], toConfirm: true };
}

/** Whether a year's payments of a type must be reported: at or above the threshold. */
export const isReportable = (type: PaymentType, year: number, paidCents: number, overrides?: Record<number, number>) =>
  paidCents >= reportingThreshold(type, year, overrides).cents;

/** When the forms for payments made in `year` are due: 31 January of the next year, or the next
 * business day. */
export function formsDueDate(year: number): string {
  const date = `${year + 1}-01-31`;
  return isBusinessDay(date) ? date : addBusinessDays(date, 1);
}

/** How allocated donations are reported, as the collective sets it: nonemployee compensation
 * (1099-NEC box 1) or other income (1099-MISC box 3). Card royalties are always 1099-MISC box 2. */
export const ALLOCATION_TYPE: Record<'nec' | 'misc3', PaymentType> = { nec: 'services', misc3: 'other' };

export interface FormLine extends FormBox {
  /** What was paid on it: card royalties, past donation allocations (before activations), or
   * activations (with past allocations too when the collective reports those as services). */
  paymentType: 'royalty' | 'allocation' | 'activation';
  paidCents: number;
  thresholdCents: number;
  toConfirm: boolean;
  required: boolean;
}

/** A payee's year by form and box: card royalties (1099-MISC box 2), allocated donations (the
 * collective's form) and activations (services: 1099-NEC box 1), each with the year's threshold and
 * whether it must be filed. A box is one line (its threshold applies to its total): past allocations
 * reported as services join the activations' line. Lines with nothing paid are left out. */
export function formLines(
  year: number,
  paid: { royaltyCents: number; allocationCents: number; activationCents?: number },
  allocationForm: 'nec' | 'misc3',
  overrides: Record<number, number> = {},
): FormLine[] {
  const lines: FormLine[] = [];
  const add = (paymentType: FormLine['paymentType'], type: PaymentType, cents: number) => {
    if (cents === 0) return;
    const threshold = reportingThreshold(type, year, overrides);
    lines.push({
      ...FORM_BOX[type],
      paymentType,
      paidCents: cents,
      thresholdCents: threshold.cents,
      toConfirm: threshold.toConfirm,
      required: cents >= threshold.cents,
    });
  };
  const activation = paid.activationCents ?? 0;
  const allocationWithServices = ALLOCATION_TYPE[allocationForm] === 'services' && activation !== 0;
  add('royalty', 'royalty', paid.royaltyCents);
  if (!allocationWithServices) add('allocation', ALLOCATION_TYPE[allocationForm], paid.allocationCents);
  add('activation', 'services', activation + (allocationWithServices ? paid.allocationCents : 0));
  return lines;
}
