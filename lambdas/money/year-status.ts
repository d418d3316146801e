// An athlete's year as the payout screens show it (issue 23): the tax forms by payment type (card
// royalties on 1099-MISC box 2 from $10; allocated donations on the form the collective sets and
// activations on 1099-NEC box 1, with the year's threshold: shared/money/tax-forms.ts), the W-9
// status, and the NIL Go status: the most urgent record of the athlete's eligibility period (not of
// the calendar year), from nil-go-records.ts.
import type { NilGoView, ComplianceSettingsView } from '#shared/money/compliance-api';
import type { PayoutAccountView, YearStatusView } from '#shared/money/payouts-api';
import type { LedgerHead } from '#shared/money/ledger';
import { NIL_GO_THRESHOLD_CENTS } from '#shared/money/nil-go';
import { formLines } from '#shared/money/tax-forms';
import type { Item } from '#lambdas/platform/store';

/** FORM_1099_THRESHOLD_CENTS (a setting): the year's 1099-NEC / MISC box 3 threshold, when the IRS
 * figure is not in the table yet. */
export const thresholdOverrides = (year: number, override?: number): Record<number, number> =>
  override !== undefined && Number.isSafeInteger(override) && override > 0 ? { [year]: override } : {};

export function yearStatusOf(
  year: number,
  head: LedgerHead,
  yearItem: Item | undefined,
  options: {
    override1099?: number;
    account?: PayoutAccountView | null;
    nilGo?: NilGoView | null;
    allocationForm?: ComplianceSettingsView['allocationForm'];
  } = {},
): YearStatusView {
  const { account, nilGo } = options;
  const paid = Number(yearItem?.paidCents ?? 0);
  // Year items written before payments were split by type hold card royalties only.
  const allocation = Number(yearItem?.paidAllocationCents ?? 0);
  const activation = Number(yearItem?.paidActivationCents ?? 0);
  const royalty = yearItem?.paidRoyaltyCents !== undefined ? Number(yearItem.paidRoyaltyCents) : paid - allocation - activation;
  const taxForms = formLines(
    year,
    { royaltyCents: royalty, allocationCents: allocation, activationCents: activation },
    options.allocationForm ?? 'misc3',
    thresholdOverrides(year, options.override1099),
  );
  const byStripe = account?.detailsSubmitted === true;
  const byHand = yearItem?.w9OnFile === true;
  const shown = nilGo?.alert ?? nilGo?.records[0] ?? null;
  return {
    year,
    earnedCents: head.earnedByYear[String(year)] ?? 0,
    paidCents: paid,
    w9OnFile: byStripe || byHand,
    w9Date: byStripe ? (account.detailsSubmittedAt ?? account.linkedAt).slice(0, 10) : ((yearItem?.w9Date as string | undefined) ?? null),
    w9Source: byStripe ? 'stripe' : byHand ? 'collective' : null,
    // The lowest threshold that applies and whether any form must be filed (taxForms has each).
    form1099ThresholdCents: taxForms.length
      ? Math.min(...taxForms.map((f) => f.thresholdCents))
      : formLines(year, { royaltyCents: 1, allocationCents: 0 }, 'misc3')[0].thresholdCents,
    form1099Required: taxForms.some((f) => f.required),
    taxForms,
    nil: {
      thresholdCents: NIL_GO_THRESHOLD_CENTS,
      crossedAt: shown?.reportableAt ?? null,
      deadline: shown?.deadline ?? null,
      // A report recorded for the year (the disclosure kit's Mark reported) when no NIL Go record shows one.
      reportedDate: shown?.reported?.date ?? (yearItem?.nilReportedDate as string | undefined) ?? null,
      reference: shown?.reported?.reference ?? (yearItem?.nilReference as string | undefined) ?? null,
    },
  };
}
