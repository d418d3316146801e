// A collective's audit log (issue 23 item 7): every money-moving, card-state, membership and
// compliance action of the collective, written by the action's own transaction (event-writes.ts),
// read here newest first a page at a time (one Query) and exported as CSV a month at a time.
import type { AuditEntry, AuditPage } from '#shared/notifications/events';
import { AUDIT_CSV_HEADER, auditCsvRow } from '#shared/notifications/events';
import { csvDocument } from '#shared/platform/csv';
import { BadRequest } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import type { Item, Store } from '#lambdas/platform/store';

/** Entries a CSV holds at most (a month of a busy collective; the export says when there are more). */
export const CSV_LIMIT = 5000;

export function auditEntryOf(item: Item): AuditEntry {
  const actor = (item.actor ?? {}) as { role?: AuditEntry['actor']['role']; label?: string };
  return {
    id: String(item.eventId),
    at: String(item.at),
    action: String(item.action),
    summary: String(item.summary),
    actor: { role: actor.role ?? 'system', label: String(actor.label ?? '') },
    subject: item.subject as AuditEntry['subject'],
    before: (item.before as Record<string, unknown> | null) ?? null,
    after: (item.after as Record<string, unknown> | null) ?? null,
  };
}

/** A page of the log, newest first, after `cursor` (the last entry's sort key). */
export async function auditPage(store: Store, collectiveId: number, limit: number, cursor?: string): Promise<AuditPage> {
  const items = await store.query(keys.auditPartition(collectiveId), limit + 1, { descending: true, ...(cursor ? { below: cursor } : {}) });
  const page = items.slice(0, limit);
  return { items: page.map(auditEntryOf), nextCursor: items.length > limit ? String(page[page.length - 1].SK) : null };
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** One month of the log as CSV (oldest first), and whether entries past CSV_LIMIT were left out. */
export async function auditCsv(store: Store, collectiveId: number, month: string): Promise<{ csv: string; truncated: boolean }> {
  const match = MONTH.exec(month);
  if (!match) throw new BadRequest("'month' must be YYYY-MM", { month: 'must be YYYY-MM' });
  const next = Number(match[2]) === 12 ? `${Number(match[1]) + 1}-01` : `${match[1]}-${String(Number(match[2]) + 1).padStart(2, '0')}`;
  const items = await store.query(keys.auditPartition(collectiveId), CSV_LIMIT + 1, { from: month, below: next });
  const entries = items.slice(0, CSV_LIMIT).map(auditEntryOf);
  return { csv: csvDocument(AUDIT_CSV_HEADER, entries.map(auditCsvRow)), truncated: items.length > CSV_LIMIT };
}
