// An athlete's NIL Go records (issue 23; the rule: shared/money/nil-go.ts), recomputed on each read
// from what the athlete's payout lines provided (their `provided` entries, written exactly once with
// each payment and reversal: provisions.ts), the athlete's eligibility start (the profile's
// `eligibilityStart`, else its join date), the payor groups of the collectives that paid (their
// compliance settings) and the terms table; the reports the athlete or the collective recorded are
// kept per record (keys.nilGoReport). The same inputs always give the same records, so nothing here
// can count twice (docs/decisions/0014-nil-go-records.md). Reads: the profile, one Query of the
// athlete's payouts, one Query of its reports, the payors' settings and names (a BatchGet).
import type { NilGoRecordView, NilGoView } from '#shared/money/compliance-api';
import { NIL_GO_THRESHOLD_CENTS, nilGoRecordId, nilGoRecords, nilGoStatus, termsFrom } from '#shared/money/nil-go';
import { complianceDate } from '#shared/platform/business-days';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';
import { payorGroupOf, readSettings } from './compliance-settings';
import { providedOf, provisionsOf } from './provisions';

/** Payout lines read per athlete (a weekly payout for 20 years). */
export const MAX_PAYOUT_LINES = 1_000;

const NO_RECORDS = (eligibilityStart: string, source: NilGoView['eligibilityStartSource']): NilGoView => ({
  eligibilityStart,
  eligibilityStartSource: source,
  records: [],
  alert: null,
});

/** The eligibility start of a profile item: the collective's setting, else the join date. */
export function eligibilityOf(profile: Item | undefined): { eligibilityStart: string; source: NilGoView['eligibilityStartSource'] } {
  const data = (profile?.data ?? {}) as { eligibilityStart?: string; joinDate?: string };
  if (typeof data.eligibilityStart === 'string' && data.eligibilityStart) return { eligibilityStart: data.eligibilityStart.slice(0, 10), source: 'athlete' };
  return { eligibilityStart: String(data.joinDate ?? '2000-01-01').slice(0, 10), source: 'join date' };
}

/** The order records are shown and alerted in: overdue, due today, due (soonest first), then the rest. */
const URGENCY: Record<NilGoRecordView['status'], number> = { overdue: 0, due_today: 1, due: 2, under: 3, reported: 4 };

export async function nilGoOf(store: Store, athleteId: number, now: Date, lines?: Item[]): Promise<NilGoView> {
  const [profiles, payoutLines, reports] = await Promise.all([
    store.get([keys.catalogAthlete(athleteId)]),
    lines ?? store.query(keys.athletePartition(athleteId), MAX_PAYOUT_LINES, { beginsWith: keys.athletePayoutPrefix }),
    store.query(keys.athletePartition(athleteId), 200, { beginsWith: keys.nilGoReportPrefix }),
  ]);
  const { eligibilityStart, source } = eligibilityOf(profiles.get(keyString(keys.catalogAthlete(athleteId))));
  const paidLines = payoutLines.filter((l) => providedOf(l).length > 0);
  if (!paidLines.length) return NO_RECORDS(eligibilityStart, source);
  const collectiveIds = [...new Set(paidLines.map((l) => Number(l.collectiveId)))];
  const [settings, collectives] = await Promise.all([readSettings(store, collectiveIds), store.get(collectiveIds.map((id) => keys.catalogCollective(id)))]);
  const nameOf = (id: number) =>
    String((collectives.get(keyString(keys.catalogCollective(id)))?.data as { name?: string } | undefined)?.name ?? `Collective ${id}`);
  const groupOf = (payorId: string) => payorGroupOf(Number(payorId), settings.get(Number(payorId))!);
  const provisions = paidLines.flatMap(provisionsOf);
  const records = nilGoRecords(provisions, { eligibilityStart, groupOf, termsOf: () => termsFrom(eligibilityStart), now: now.toISOString() });
  const reported = new Map(reports.map((r) => [String(r.recordId), r]));
  const today = complianceDate(now.toISOString());
  const views = records.map((record): NilGoRecordView => {
    const deal = record.terms.deal ?? 'card_licence';
    const recordId = nilGoRecordId(record.payorGroup, record.terms.version, deal);
    const report = reported.get(recordId);
    const inGroup = paidLines.filter((l) => groupOf(String(l.collectiveId)) === record.payorGroup);
    return {
      recordId,
      payorGroup: record.payorGroup,
      payors: [...new Set(inGroup.map((l) => nameOf(Number(l.collectiveId))))],
      terms: record.terms,
      cumulativeCents: record.cumulativeCents,
      providedUnderTermsCents: record.providedUnderTermsCents,
      thresholdCents: NIL_GO_THRESHOLD_CENTS,
      reportableAt: record.reportableAt,
      deadline: record.deadline,
      ...nilGoStatus(record, Boolean(report), today),
      reported: report ? { date: String(report.date), reference: String(report.reference) } : null,
      payments: inGroup
        .flatMap((l) =>
          providedOf(l).map((e) => ({
            date: e.at,
            // The part of the payment this deal counts (activations apart from the card licence).
            amountCents: deal === 'activation' ? (e.activationCents ?? 0) : e.cents - (e.activationCents ?? 0),
            reference: e.reference,
            batchId: String(l.batchId),
          })),
        )
        .filter((p) => p.amountCents !== 0 && complianceDate(p.date) >= eligibilityStart)
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    };
  });
  views.sort((a, b) => URGENCY[a.status] - URGENCY[b.status] || String(a.deadline).localeCompare(String(b.deadline)) || a.recordId.localeCompare(b.recordId));
  const alert = views.find((v) => v.status === 'overdue' || v.status === 'due_today' || v.status === 'due') ?? null;
  return { eligibilityStart, eligibilityStartSource: source, records: views, alert };
}

/** Records a report of one record (the record must be reportable). The same report again changes nothing. */
export async function markNilGoReported(
  store: Store,
  athleteId: number,
  record: NilGoRecordView,
  report: { date: string; reference: string },
  by: string,
  now: string,
): Promise<void> {
  await store.write({
    put: { ...keys.nilGoReport(athleteId, record.recordId), type: 'nilGoReport', athleteId, recordId: record.recordId, ...report, by, at: now },
  });
}

/** Records one report for every record due now (the year's "Mark reported" of the disclosure kit). */
export async function markDueNilGoReported(
  store: Store,
  athleteId: number,
  report: { date: string; reference: string },
  by: string,
  now: Date,
): Promise<number> {
  const view = await nilGoOf(store, athleteId, now);
  const due = view.records.filter((r) => r.reportableAt && !r.reported);
  for (const record of due) await markNilGoReported(store, athleteId, record, report, by, now.toISOString());
  return due.length;
}
