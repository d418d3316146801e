// The receipt a donor gets for each payment (a one-time gift, each paid month of a membership):
// who received it (the collective's legal name), the amount, the date, what it bought, and whether
// it is tax-deductible, in the words the IRS expects. Pure text, shared by the donation handlers
// (lambdas/payments/donation-events.ts, which send it through the notification outbox) and tests.
// IRC section 6113 requires an organisation that is not a 501(c)(3) to say, in a conspicuous and
// easily recognisable format, that contributions to it "are not deductible as charitable
// contributions for federal income tax purposes"; a 501(c)(3) receipt says whether goods or
// services were given in exchange (IRS Publication 1771). This is not legal advice.
import { formatUsd } from '../platform/money';

export interface ReceiptInput {
  /** The collective's legal name (its settings), or its name. */
  legalName: string;
  collectiveName: string;
  kind: 'gift' | 'membership';
  amountCents: number;
  /** When it was paid (ISO). */
  date: string;
  /** A membership's tier. */
  tierName: string | null;
  taxDeductible: boolean;
}

/** '2026-11-29T06:44:03Z' -> 'November 29, 2026' (UTC: the date Stripe records). */
export const receiptDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'November 2026': the month a membership payment pays for. */
export const receiptMonth = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** What the payment bought, in one line. */
export function receiptItem(r: Pick<ReceiptInput, 'kind' | 'tierName' | 'date' | 'collectiveName'>): string {
  return r.kind === 'membership'
    ? `${r.tierName ?? 'Monthly'} membership of ${r.collectiveName}, ${receiptMonth(r.date)}`
    : `One-time gift to ${r.collectiveName}`;
}

/** The tax statement: the IRS's wording for a payment that is not deductible (the default). */
export function taxStatement(r: Pick<ReceiptInput, 'legalName' | 'kind' | 'taxDeductible'>): string {
  if (!r.taxDeductible) return `Contributions or gifts to ${r.legalName} are not deductible as charitable contributions for federal income tax purposes.`;
  return r.kind === 'gift'
    ? `${r.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. No goods or services were provided in exchange for this contribution. Keep this receipt for your tax records.`
    : `${r.legalName} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. Your deductible amount is this payment less the fair market value of any membership benefits you received. Keep this receipt for your tax records.`;
}

/** The receipt's subject and text. */
export function receiptText(r: ReceiptInput): { title: string; body: string } {
  return {
    title: `Your receipt from ${r.legalName}: ${formatUsd(r.amountCents)}`,
    body: [
      `Thank you for supporting ${r.collectiveName}.`,
      `Received by: ${r.legalName}`,
      `Amount: ${formatUsd(r.amountCents)} (USD)`,
      `Date: ${receiptDate(r.date)}`,
      `For: ${receiptItem(r)}`,
      taxStatement(r),
    ].join('\n'),
  };
}
