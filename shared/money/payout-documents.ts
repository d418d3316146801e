// The payout documents (pure): a batch's payment file (with each payout's status and dates) and an athlete's statement as CSV, and the
// NIL disclosure record of a year (JSON, or CSV) with NIL Go's records over the eligibility period. lambdas/money/payouts.handler.ts serves them.
import { csvDocument } from '../platform/csv';
import { PAST_ALLOCATION_LABEL } from './activations';
import { formatUsd } from '../platform/money';
import type { DisclosureRecord, PayoutBatchView, PayoutLineView, Statement, StatementLine, YearStatusView } from './payouts-api';
import type { NilGoView, TaxExportRow } from './compliance-api';
import { periodLabel } from './payouts-api';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A batch as a payment file: one row per athlete paid (name and school where known). */
export function batchCsv(batch: PayoutBatchView, athletes: ReadonlyMap<number, { name: string; school: string } | null>): string {
  const rows = (batch.lines ?? []).map((line) => {
    const athlete = athletes.get(line.athleteId) ?? null;
    return [
      athlete?.name ?? `Athlete ${line.athleteId}`,
      athlete?.school ?? '',
      dollars(line.amountCents),
      periodLabel(batch.periodStart, batch.periodEnd),
      batch.batchId,
      line.status.replace('_', ' '),
      line.sentDate ?? '',
      line.paidDate ?? '',
      line.paidReference ?? line.sentReference ?? '',
    ];
  });
  return csvDocument(['athlete', 'school', 'amount', 'period', 'batch id', 'status', 'sent on', 'paid on', 'reference'], rows);
}

/** A statement's lines (the whole period: lambdas/money/statement-lines.ts) between its opening
 * and closing balances: each with the order's date and its cards, and the day it was settled. */
export function statementCsv(s: Omit<Statement, 'entries'> & { entries: StatementLine[] }): string {
  const rows = s.entries.map((e) => [
    e.orderDate ?? '',
    e.at,
    // A failed Stripe payout's amount back in the balance (a negative payout entry).
    e.kind === 'payout' && e.payoutCents < 0 ? 'payout returned' : e.kind === 'allocation' ? PAST_ALLOCATION_LABEL.toLowerCase() : e.kind,
    e.orderName ?? e.batchId ?? e.donationId ?? e.activationId ?? '',
    e.cards.join('; '),
    dollars(e.grossCents),
    dollars(e.athleteShareCents + e.creditCents - e.payoutCents),
    dollars(e.balanceAfterCents),
  ]);
  const summary = [
    ['Opening balance', '', '', '', '', '', '', dollars(s.openingBalanceCents)],
    ...rows,
    ['Closing balance', '', '', '', '', '', '', dollars(s.closingBalanceCents)],
  ];
  return csvDocument(['order date', 'settled', 'kind', 'reference', 'cards', 'gross', 'athlete amount', 'balance'], summary);
}

/** The NIL disclosure record of `year`: who pays the athlete for what, on which terms, how much was
 * earned and paid, and when the disclosure threshold was crossed and reported. */
export function disclosureRecordOf(
  athlete: { id: number; name: string; school: string; sport: string },
  collective: { name: string; contactEmail?: string | null } | null | undefined,
  money: { year: YearStatusView; payouts: PayoutLineView[]; nilGo?: NilGoView },
  year: number,
): DisclosureRecord {
  const payments = money.payouts
    .filter((p) => p.status === 'paid' && p.paidDate?.startsWith(String(year)))
    .map((p) => ({ date: p.paidDate!, amountCents: p.amountCents, reference: p.paidReference }));
  return {
    athlete: { id: athlete.id, name: athlete.name, school: athlete.school, sport: athlete.sport },
    payor: { name: collective?.name ?? 'Drift NIL collective', contact: collective?.contactEmail ?? null },
    year,
    services: 'Licence of the athlete’s name, image and likeness on official digital trading cards sold through Drift (royalties on card sales)',
    compensation:
      '97% of net card sales (what buyers paid after discounts, refunds and included taxes), rounded on the running total; plus donations the collective allocates to the athlete',
    term: `Ongoing while the athlete’s cards are on sale; this record covers ${year}-01-01 to ${year}-12-31`,
    earnedCents: money.year.earnedCents,
    paidCents: money.year.paidCents,
    payments,
    thresholdCents: money.year.nil.thresholdCents,
    crossedAt: money.year.nil.crossedAt,
    deadline: money.year.nil.deadline,
    reportedDate: money.year.nil.reportedDate,
    reference: money.year.nil.reference,
    ...(money.nilGo ? { nilGo: money.nilGo } : {}),
  };
}

const rate = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.00$/, '')}% of net card sales`;

/** The rows NIL Go asks for of each record: parties, sport, value, rate, obligations, dates, documents. */
export function nilGoRows(record: Pick<DisclosureRecord, 'athlete'>, nilGo: NilGoView): string[][] {
  const rows: string[][] = [
    ['NIL Go: eligibility start', `${nilGo.eligibilityStart} (${nilGo.eligibilityStartSource === 'athlete' ? 'set by the collective' : 'join date'})`],
  ];
  for (const r of nilGo.records) {
    const at = `NIL Go ${r.recordId}`;
    rows.push(
      [`${at}: parties`, `${record.athlete.name} (${record.athlete.school}) and ${r.payors.join(', ')} (payor group ${r.payorGroup})`],
      [`${at}: sport`, record.athlete.sport],
      [`${at}: value provided`, `${formatUsd(r.cumulativeCents)} in all; ${formatUsd(r.providedUnderTermsCents)} under these terms`],
      [`${at}: royalty rate`, rate(r.terms.royaltyBasisPoints)],
      [`${at}: obligations`, r.terms.obligations],
      [`${at}: terms from`, r.terms.from],
      [`${at}: reached ${formatUsd(r.thresholdCents)}`, r.reportableAt ?? 'not reached'],
      [`${at}: deadline`, r.deadline ?? ''],
      [`${at}: status`, r.reported ? `reported ${r.reported.date} (ref ${r.reported.reference})` : r.status.replace('_', ' ')],
      ...r.payments.map((p) => [`${at}: document`, `${p.date} ${formatUsd(p.amountCents)} batch ${p.batchId}${p.reference ? ` ref ${p.reference}` : ''}`]),
    );
  }
  return rows;
}

/** The disclosure record as a two-column CSV (field, value). */
export function disclosureCsv(record: DisclosureRecord): string {
  const rows: string[][] = [
    ['Athlete', record.athlete.name],
    ['School', record.athlete.school],
    ['Sport', record.athlete.sport],
    ['Payor', record.payor.name],
    ['Payor contact', record.payor.contact ?? ''],
    ['Nature of the services', record.services],
    ['Compensation structure', record.compensation],
    ['Term', record.term],
    ['Earned in the year', formatUsd(record.earnedCents)],
    ['Paid in the year', formatUsd(record.paidCents)],
    ...record.payments.map((p) => [`Payment ${p.date}`, `${formatUsd(p.amountCents)}${p.reference ? ` (ref ${p.reference})` : ''}`]),
    ['Disclosure threshold reached', record.crossedAt ?? 'not reached'],
    ['Deadline to report', record.deadline ?? ''],
    ['Reported', record.reportedDate ? `${record.reportedDate} (ref ${record.reference})` : 'not yet'],
    ...(record.nilGo ? nilGoRows(record, record.nilGo) : []),
    ...clockRows(record),
  ];
  return csvDocument(['field', 'value'], rows);
}

/** The year-end tax export's columns, in order (docs/COMPLIANCE.md, "Year-end export" documents each). */
export const TAX_EXPORT_COLUMNS = [
  'tax year',
  'payor id',
  'payor',
  'payee athlete id',
  'payee',
  'school',
  'form',
  'box',
  'box label',
  'payment type',
  'amount',
  'threshold',
  'threshold to confirm',
  'form required',
  'w-9 on file',
  'w-9 source',
  'due date',
] as const;

/** The year-end export: one row per payee, payor and form box, amounts in dollars and cents. */
export function taxExportCsv(rows: readonly TaxExportRow[]): string {
  return csvDocument(
    [...TAX_EXPORT_COLUMNS],
    rows.map((r) => [
      r.year,
      r.payorId,
      r.payorName,
      r.athleteId,
      r.athleteName,
      r.school,
      r.form,
      r.box,
      r.boxLabel,
      r.paymentType === 'royalty' ? 'card royalties' : r.paymentType === 'activation' ? 'activations (services)' : 'donation allocations (before activations)',
      dollars(r.amountCents),
      dollars(r.thresholdCents),
      r.thresholdToConfirm ? 'yes' : 'no',
      r.required ? 'yes' : 'no',
      r.w9OnFile ? 'yes' : 'no',
      r.w9Source ?? '',
      r.dueDate,
    ]),
  );
}

/** The state's rule and each clock that applies, as rows (subject, due date, to whom, the rule's source). */
export function clockRows(record: Pick<DisclosureRecord, 'state' | 'stateRule' | 'clocks'>): string[][] {
  if (!record.stateRule) return [];
  const rows: string[][] = [
    ['School state', record.state ? `${record.state.name} (${record.state.code})` : "not set: other states' rule"],
    ['State rule', `${record.stateRule.name}: ${record.stateRule.source}`],
  ];
  for (const c of record.clocks ?? [])
    rows.push([
      `Clock (${c.kind === 'nil-go' ? 'NIL Go' : 'state'}): ${c.subject}`,
      `${c.dueBy ? `due ${c.timing === 'before' ? 'on or before' : 'by'} ${c.dueBy}` : 'no date'}; ${c.from}; to ${c.to}`,
    ]);
  return rows;
}
