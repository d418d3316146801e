// The compliance contract (issue 23): NIL Go records as the payout screens show them, a collective's
// compliance settings, the tax forms of a year by payment type and the year-end export. The rules are
// nil-go.ts, tax-forms.ts and state-rules.ts; lambdas/money computes these views.
import type { NilGoStatus } from './nil-go';

/** One NIL Go record: an athlete's deal with one payor group under one version of the terms. */
export interface NilGoRecordView {
  /** `<payor group>~v<terms version>` (the card licence) or `<payor group>~activation~v<version>`
   * (activations, services): entered once unless the terms change. */
  recordId: string;
  payorGroup: string;
  /** The payors (collectives) in the group that provided money, by name. */
  payors: string[];
  terms: {
    version: number;
    from: string;
    royaltyBasisPoints: number;
    obligations: string;
    deal?: 'card_licence' | 'activation';
    dealType?: 'royalty' | 'services';
  };
  /** Provided by the group since the eligibility start (all terms), and under these terms. */
  cumulativeCents: number;
  providedUnderTermsCents: number;
  thresholdCents: number;
  /** When the record became reportable (the aggregate reached $600, or these terms began after it). */
  reportableAt: string | null;
  /** 5 business days later (YYYY-MM-DD, US Eastern). */
  deadline: string | null;
  status: NilGoStatus;
  /** Business days from today to the deadline, the deadline counted (due), 0 (due today, overdue). */
  businessDaysLeft: number | null;
  reported: { date: string; reference: string } | null;
  /** The payments that make up the aggregate: the record's documents. */
  payments: Array<{ date: string; amountCents: number; reference: string | null; batchId: string }>;
}

/** An athlete's NIL Go position: its eligibility start and its records; `alert` is the most urgent
 * record not reported yet (null: nothing due). */
export interface NilGoView {
  eligibilityStart: string;
  /** 'athlete': set by the collective; 'join date': the default. */
  eligibilityStartSource: 'athlete' | 'join date';
  records: NilGoRecordView[];
  alert: NilGoRecordView | null;
}

/** POST /api/athletes/{id}/nil-go/{recordId}/reported */
export interface NilGoReportedRequest {
  date: string;
  reference: string;
}

/** How allocated donations are reported (a setting the collective's tax adviser confirms). */
export type AllocationForm = 'nec' | 'misc3';

/** GET/PUT /api/collectives/{id}/compliance */
export interface ComplianceSettingsView {
  /** Payors under common ownership: collectives with the same group count as one payor for NIL Go. */
  payorGroup: string | null;
  allocationForm: AllocationForm;
  /** The school's own days after signing for a disclosure, where the state leaves it to the school. */
  schoolPolicyDays: number | null;
  /** Pay waiting lines as soon as the athlete links: a payout awaiting the athlete's payout account
   * is sent through Stripe when the account can take payouts, not with the next Pay now (default off). */
  payWhenLinked: boolean;
  updatedAt: string | null;
}

/** One form and box of a payee's year: what was paid on it and whether it must be filed. */
export type { FormLine as TaxFormLine } from './tax-forms';

/** PUT /api/collectives/{id}/compliance */
export interface ComplianceSettingsRequest {
  payorGroup: string | null;
  allocationForm: AllocationForm;
  schoolPolicyDays: number | null;
  /** Absent: off. */
  payWhenLinked?: boolean;
}

export const PAYOR_GROUP_MAX = 80;
export const SCHOOL_POLICY_DAYS_MAX = 60;

/** The settings as the server checks them (the form shows the same words on its fields). */
export function complianceSettingsErrors(body: Record<string, unknown>): { value: ComplianceSettingsRequest; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const group = typeof body.payorGroup === 'string' ? body.payorGroup.trim() : body.payorGroup === null || body.payorGroup === undefined ? '' : null;
  if (group === null) errors.payorGroup = 'Payor group must be text';
  else if (group.length > PAYOR_GROUP_MAX) errors.payorGroup = `Payor group must be at most ${PAYOR_GROUP_MAX} characters`;
  else if (group && !/[A-Za-z0-9]/.test(group)) errors.payorGroup = 'Payor group must name the owner (letters or digits)';
  else if ([...group].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) errors.payorGroup = 'Payor group must be one line of text';
  if (body.allocationForm !== 'nec' && body.allocationForm !== 'misc3') errors.allocationForm = 'Choose 1099-NEC box 1 or 1099-MISC box 3';
  const days = body.schoolPolicyDays;
  const daysOk =
    days === null || days === undefined || days === '' || (Number.isSafeInteger(Number(days)) && Number(days) >= 0 && Number(days) <= SCHOOL_POLICY_DAYS_MAX);
  if (!daysOk) errors.schoolPolicyDays = `School's days must be a whole number from 0 to ${SCHOOL_POLICY_DAYS_MAX}, or empty`;
  if (body.payWhenLinked !== undefined && typeof body.payWhenLinked !== 'boolean') errors.payWhenLinked = 'Pay waiting payouts at once must be on or off';
  return {
    value: {
      payorGroup: group ? group : null,
      allocationForm: body.allocationForm === 'nec' ? 'nec' : 'misc3',
      schoolPolicyDays: days === null || days === undefined || days === '' || !daysOk ? null : Number(days),
      payWhenLinked: body.payWhenLinked === true,
    },
    errors,
  };
}

/** One row of the year-end export: a payee's total on one form and box from one payor. */
export interface TaxExportRow {
  year: number;
  payorId: number;
  payorName: string;
  athleteId: number;
  athleteName: string;
  school: string;
  form: '1099-MISC' | '1099-NEC';
  box: string;
  boxLabel: string;
  paymentType: 'royalty' | 'allocation' | 'activation';
  amountCents: number;
  thresholdCents: number;
  thresholdToConfirm: boolean;
  required: boolean;
  w9OnFile: boolean;
  w9Source: 'stripe' | 'collective' | null;
  /** When the form is due to the payee and the IRS (31 January, or the next business day). */
  dueDate: string;
}

/** GET /api/athletes/{id}/tax/{year}: the athlete's own copy (every payor that paid it in the year). */
export interface AthleteTaxYear {
  year: number;
  athleteId: number;
  dueDate: string;
  rows: TaxExportRow[];
}
