// NIL Go's deadlines, told before they pass (issue 26 item 6 with issue 23's records): a daily sweep
// reads each member athlete's NIL Go records (nil-go-records.ts: recomputed from what its payouts
// provided) and tells the athlete and its collective of every record not reported yet when it
// becomes due, on its deadline's day, and once overdue: at most three notices per record, each
// written only if absent (its id is the record, its deadline and its status), so running the sweep
// again, or twice at once, tells nobody twice. Run by the compliance function's daily schedule
// (infra/stack.ts) and by local mode's notification loop.
import type { DriftEvent } from '#shared/notifications/events';
import type { Collective } from '#shared/catalog/catalog-types';
import type { NilGoRecordView } from '#shared/money/compliance-api';
import { formatUsd } from '#shared/platform/money';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { nilGoOf } from './nil-go-records';

const REMINDED: ReadonlyArray<NilGoRecordView['status']> = ['due', 'due_today', 'overdue'];

export function disclosureEvent(athlete: { id: number; name: string; collectiveId: number | null }, record: NilGoRecordView, now: Date): DriftEvent {
  const when = record.status === 'overdue' ? `was due on ${record.deadline}` : record.status === 'due_today' ? 'is due today' : `is due by ${record.deadline}`;
  return {
    id: `disclosure-due:${athlete.id}:${record.recordId}:${record.deadline}:${record.status}`.replace(/[^A-Za-z0-9:_.-]/g, '-').slice(0, 160),
    at: now.toISOString(),
    actor: { role: 'system', sub: null, label: 'Drift' },
    action: 'disclosure.reminded',
    summary: `NIL Go report of ${athlete.name} ${when}`,
    subject: { type: 'disclosure', id: `${athlete.id}/${record.recordId}`, athleteId: athlete.id },
    auditCollectiveId: null,
    notices: [
      {
        category: 'disclosure_due',
        recipients: [
          { kind: 'athlete', athleteId: athlete.id },
          ...(athlete.collectiveId !== null ? [{ kind: 'collective' as const, collectiveId: athlete.collectiveId }] : []),
        ],
        title: `NIL Go report of ${athlete.name} ${when}`,
        body:
          `Payments from ${record.payors.join(', ') || 'the collective'} reached ${formatUsd(record.thresholdCents)} (${formatUsd(record.cumulativeCents)} in all)` +
          `${record.reportableAt ? ` on ${record.reportableAt.slice(0, 10)}` : ''}: the deal is reported to NIL Go within 5 business days, with the royalty rate. ` +
          'Record the report in Earnings once it is filed.',
        link: '/athlete?tab=payouts',
      },
    ],
  };
}

/** One sweep: every collective's members' records, reminded where due. */
export async function remindDisclosures(store: Store, now = new Date()): Promise<{ athletes: number; reminded: number }> {
  const collectives = (await store.query(keys.catalogCollectivesPartition, 1000)).map((i) => i.data as Collective);
  const athletes = new Map<number, number>();
  for (const c of collectives) for (const id of c.members ?? []) athletes.set(id, c.id);
  let reminded = 0;
  for (const [athleteId, collectiveId] of athletes) {
    const view = await nilGoOf(store, athleteId, now);
    const due = view.records.filter((r) => !r.reported && REMINDED.includes(r.status));
    if (due.length === 0) continue;
    const profile = (await store.get([keys.catalogAthlete(athleteId)])).values().next().value;
    const name = String((profile?.data as { name?: string } | undefined)?.name ?? `Athlete ${athleteId}`);
    for (const record of due) {
      try {
        await store.transact(eventWrites(disclosureEvent({ id: athleteId, name, collectiveId }, record, now)));
        reminded++;
      } catch (error) {
        if (!(error instanceof StoreConflict)) throw error; // reminded already
      }
    }
  }
  return { athletes: athletes.size, reminded };
}
