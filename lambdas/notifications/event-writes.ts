// An event as table writes, for the transaction of the action it records (docs/decisions/0025):
// - the audit entry, in the collective's log (AUDIT#<collective>), if the event is audited;
// - per recipient of each notice, the notice (NOTIFY#<recipient> / NOTE#<at>#<event>: the in-app
//   entry, and the outbox item the sender emails from, on GSI1 until its email is decided) and one
//   more unread on the recipient's STATE.
// Every item's key derives from the event's id and is written only if absent, so a retried or
// duplicated action cannot write an entry twice: the transaction fails instead, and the action,
// reading again, finds it already done. The unread count moves in the same transaction as the
// notice it counts, so it is exact.
import type { Activity, DriftEvent, Notice, Recipient } from '#shared/notifications/events';
import { isEventId } from '#shared/notifications/events';
import * as keys from '#lambdas/platform/keys';
import type { FollowTarget } from '#lambdas/platform/keys';
import type { Item, Write } from '#lambdas/platform/store';
import { recipientKey } from './recipients';

/** Notices are kept this long (the table's TTL removes them). */
export const NOTE_DAYS = 180;
/** Audit entries are kept this long (seven years, as financial records). */
export const AUDIT_YEARS = 7;

const epochSeconds = (iso: string, plusDays: number) => Math.floor(Date.parse(iso) / 1000) + plusDays * 86_400;

/** The notice item of one recipient (exported for the sender's tests). */
export function noteItem(event: DriftEvent, notice: Notice, recipient: Recipient, noteId: string): Item {
  const r = recipientKey(recipient);
  const key = keys.note(r, event.at, noteId);
  return {
    ...key,
    ...keys.outboxEntry(r, event.at, key.SK),
    type: 'note',
    recipient: r,
    eventId: noteId,
    at: event.at,
    category: notice.category,
    title: notice.title,
    body: notice.body,
    link: notice.link,
    from: event.actor.label,
    email: 'pending',
    attempts: 0,
    ...(notice.transactional ? { transactional: true } : {}),
    ...(recipient.kind === 'address' ? { emailTo: recipient.email } : {}),
    expiresAt: epochSeconds(event.at, NOTE_DAYS),
  };
}

/** News are kept this long. */
export const ACTIVITY_DAYS = 366;

/** An activity's items: its entry on the athlete's and the school's news, and each news head's time. */
export function activityWrites(activity: Activity, eventId: string, at: string, headAt: string = at): Write[] {
  const targets: FollowTarget[] = [
    { kind: 'athlete', id: activity.athleteId },
    ...(activity.schoolId ? [{ kind: 'school' as const, id: activity.schoolId }] : []),
  ];
  return targets.flatMap((target): Write[] => [
    {
      put: { ...keys.activityEntry(target, at, eventId), type: 'activity', eventId, at, ...activity, expiresAt: epochSeconds(at, ACTIVITY_DAYS) },
      condition: { notExists: true },
    },
    { update: keys.activityHead(target), set: { lastAt: headAt } },
  ]);
}

/** The writes that record `event` in the transaction of its action. */
export function eventWrites(event: DriftEvent): Write[] {
  if (!isEventId(event.id)) throw new Error(`an event id is letters, digits, - _ and : only: ${event.id}`);
  const writes: Write[] = [];
  if (event.auditCollectiveId !== null) {
    writes.push({
      put: {
        ...keys.auditEntry(event.auditCollectiveId, event.at, event.id),
        type: 'audit',
        eventId: event.id,
        at: event.at,
        collectiveId: event.auditCollectiveId,
        action: event.action,
        summary: event.summary,
        actor: event.actor,
        subject: event.subject,
        before: event.before ?? null,
        after: event.after ?? null,
        expiresAt: epochSeconds(event.at, AUDIT_YEARS * 366),
      },
      condition: { notExists: true },
    });
  }
  if (event.activity) writes.push(...activityWrites(event.activity, event.id, event.at));
  const seen = new Set<string>();
  (event.notices ?? []).forEach((notice, n) => {
    const noteId = n === 0 ? event.id : `${event.id}:n${n}`;
    for (const recipient of notice.recipients) {
      const r = recipientKey(recipient);
      // One entry per recipient and notice: a recipient named twice is told once.
      if (seen.has(`${r}|${noteId}`)) continue;
      seen.add(`${r}|${noteId}`);
      writes.push({ put: noteItem(event, notice, recipient, noteId), condition: { notExists: true } });
      if (recipient.kind !== 'address') writes.push({ update: keys.notifyState(r), add: { unread: 1, version: 1 } });
    }
  });
  return writes;
}

/** Several events of one action (a batch of payouts) as one list of writes; a recipient's unread
 * count is one update however many of its notices the action writes (a transaction touches an item
 * once). */
export function eventsWrites(events: DriftEvent[]): Write[] {
  const unread = new Map<string, number>();
  const writes: Write[] = [];
  const stateSk = keys.notifyState('').SK;
  const headSk = keys.activityHead({ kind: 'athlete', id: 0 }).SK;
  const heads = new Map<string, Write>();
  for (const w of events.flatMap(eventWrites)) {
    if ('update' in w && 'add' in w && w.add && w.update.SK === stateSk) {
      unread.set(w.update.PK, (unread.get(w.update.PK) ?? 0) + (w.add.unread ?? 0));
      continue;
    }
    // One head update per news partition: the latest time.
    if ('update' in w && w.update.SK === headSk) {
      heads.set(w.update.PK, w);
      continue;
    }
    writes.push(w);
  }
  writes.push(...heads.values());
  for (const [pk, n] of unread) writes.push({ update: { PK: pk, SK: stateSk }, add: { unread: n, version: 1 } });
  return writes;
}
