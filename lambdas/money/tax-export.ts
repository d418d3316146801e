// The tax forms of a year by payment type (issue 23; the rules: shared/money/tax-forms.ts): what each
// payor paid each payee in the year on each form and box, from the payout lines' provided entries
// (provisions.ts: card royalties, allocated donations and activations, counted in the year paid, reversals in the
// year they were paid), so a payee who left the collective during the year is still in its export and
// an athlete paid by two collectives gets one copy per payor. The collective's year-end export reads
// every payout line of its batches up to the year's end (one Query, bounded); an athlete's own copy
// reads its payout copies (one Query). W-9 status: the athlete's linked Stripe account, else what the
// collective recorded for the year.
import type { TaxExportRow } from '#shared/money/compliance-api';
import { formLines, formsDueDate } from '#shared/money/tax-forms';
import { BadRequest } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';
import { readSettings } from './compliance-settings';
import { payoutAccountOf } from './payout-account';
import { MAX_PAYOUT_LINES } from './nil-go-records';
import { providedOf } from './provisions';
import { thresholdOverrides } from './year-status';

/** The lines of a collective one export reads at most (every batch it made, up to the year's end). */
export const MAX_EXPORT_LINES = 50_000;

interface Paid {
  payorId: number;
  athleteId: number;
  royaltyCents: number;
  allocationCents: number;
  activationCents: number;
}

/** What each line paid in `year`, by payor and payee. */
function paidIn(year: number, lines: Item[]): Paid[] {
  const by = new Map<string, Paid>();
  for (const line of lines) {
    const entries = providedOf(line).filter((e) => e.year === year);
    if (!entries.length) continue;
    const key = `${line.collectiveId}|${line.athleteId}`;
    const p = by.get(key) ?? { payorId: Number(line.collectiveId), athleteId: Number(line.athleteId), royaltyCents: 0, allocationCents: 0, activationCents: 0 };
    for (const e of entries) {
      p.royaltyCents += e.royaltyCents;
      p.allocationCents += e.allocationCents;
      p.activationCents += e.activationCents ?? 0;
    }
    by.set(key, p);
  }
  return [...by.values()];
}

async function rowsOf(store: Store, year: number, paid: Paid[], override1099?: number): Promise<TaxExportRow[]> {
  const payors = [...new Set(paid.map((p) => p.payorId))];
  const athletes = [...new Set(paid.map((p) => p.athleteId))];
  const [settings, found] = await Promise.all([
    readSettings(store, payors),
    store.get([
      ...payors.map((id) => keys.catalogCollective(id)),
      ...athletes.flatMap((id) => [keys.catalogAthlete(id), keys.athleteYear(id, year), keys.athletePayAccount(id)]),
    ]),
  ]);
  const data = (key: { PK: string; SK: string }) => (found.get(keyString(key))?.data ?? {}) as { name?: string; school?: string };
  const dueDate = formsDueDate(year);
  const rows: TaxExportRow[] = [];
  for (const p of paid.sort((a, b) => a.payorId - b.payorId || a.athleteId - b.athleteId)) {
    const account = payoutAccountOf(found.get(keyString(keys.athletePayAccount(p.athleteId))));
    const yearItem = found.get(keyString(keys.athleteYear(p.athleteId, year)));
    const byStripe = account?.detailsSubmitted === true;
    const byHand = yearItem?.w9OnFile === true;
    const lines = formLines(year, p, settings.get(p.payorId)!.allocationForm, thresholdOverrides(year, override1099));
    for (const line of lines)
      rows.push({
        year,
        payorId: p.payorId,
        payorName: data(keys.catalogCollective(p.payorId)).name ?? `Collective ${p.payorId}`,
        athleteId: p.athleteId,
        athleteName: data(keys.catalogAthlete(p.athleteId)).name ?? `Athlete ${p.athleteId}`,
        school: data(keys.catalogAthlete(p.athleteId)).school ?? '',
        form: line.form,
        box: line.box,
        boxLabel: line.label,
        paymentType: line.paymentType,
        amountCents: line.paidCents,
        thresholdCents: line.thresholdCents,
        thresholdToConfirm: line.toConfirm,
        required: line.required,
        w9OnFile: byStripe || byHand,
        w9Source: byStripe ? 'stripe' : byHand ? 'collective' : null,
        dueDate,
      });
  }
  return rows;
}

/** A collective's year-end export: every payee it paid in `year`, by form and box. */
export async function collectiveTaxExport(store: Store, collectiveId: number, year: number, override1099?: number): Promise<TaxExportRow[]> {
  // Batch ids start with their creation time: a line paid in `year` is in a batch made by its end.
  const lines = await store.query(keys.collectiveRecordsPartition(collectiveId), MAX_EXPORT_LINES + 1, {
    beginsWith: keys.payoutLinesPrefix,
    below: keys.payoutLinesFrom(year + 1),
  });
  if (lines.length > MAX_EXPORT_LINES) throw new BadRequest(`More than ${MAX_EXPORT_LINES} payout lines: ask an operator for this export`);
  return rowsOf(store, year, paidIn(year, lines), override1099);
}

/** An athlete's own copy of a year: every payor that paid it, by form and box. */
export async function athleteTaxYear(store: Store, athleteId: number, year: number, override1099?: number): Promise<TaxExportRow[]> {
  const lines = await store.query(keys.athletePartition(athleteId), MAX_PAYOUT_LINES, { beginsWith: keys.athletePayoutPrefix });
  return rowsOf(store, year, paidIn(year, lines), override1099);
}
