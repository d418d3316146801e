// One event mechanism for the audit log and the notifications (issue 26, issue 23 item 7;
// docs/decisions/0025-events-outbox-audit.md). An action that must be audited or told writes, in
// its own transaction, one event: an audit entry in its collective's log and a notice per
// recipient (the in-app entry, and the email the sender delivers from the outbox). The event's
// `id` is its identity: the same action always yields the same id, so a retried or duplicated
// action cannot write two entries (every item is written only if absent).
// Pure: the lambdas turn an event into table writes (lambdas/notifications/event-writes.ts).
import type { Category } from './notification-rules';

/** Who is told: an athlete's, a collective's or a fan's account, or an address with no account
 * yet (an invite). */
export type Recipient =
  | { kind: 'athlete'; athleteId: number }
  | { kind: 'collective'; collectiveId: number }
  | { kind: 'fan'; buyerKey: string }
  | { kind: 'address'; email: string };

/** Who acted. `label` is what the collective's audit log shows (never a fan's email). */
export interface Actor {
  role: 'athlete' | 'collective' | 'fan' | 'operator' | 'stripe' | 'shopify' | 'system';
  /** The account's subject (Cognito `sub`), when an account acted. */
  sub: string | null;
  label: string;
}

export type SubjectType =
  'card' | 'set' | 'batch' | 'payout' | 'member' | 'invite' | 'profile-request' | 'allocation' | 'activation' | 'tax' | 'disclosure' | 'donation';

export interface Subject {
  type: SubjectType;
  /** The subject's id within its type (a card: "athlete/card"). */
  id: string;
  athleteId?: number;
}

/** A notice to recipients: the in-app entry and the email. */
export interface Notice {
  category: Category;
  recipients: Recipient[];
  /** One line: the in-app entry's title and the email's subject. */
  title: string;
  /** A few sentences: the in-app entry's text and the email's body. */
  body: string;
  /** Where the entry leads in the web app (a path), if anywhere. */
  link: string | null;
  /** An email the recipient needs whatever their preferences (an invite): no preference, spacing,
   * quiet hours or unsubscribe link applies; it has no in-app entry (there is no account yet). */
  transactional?: boolean;
}

/** News for the feeds of the athlete's and its school's followers (GET /api/me/feed). */
export interface Activity {
  athleteId: number;
  schoolId: number | null;
  kind: 'new-card' | 'unlock' | 'drop' | 'post';
  /** One line: "Marcus Reed released “Gold”". */
  title: string;
  /** Where it leads in the web app. */
  link: string | null;
}

export interface DriftEvent {
  /** The event's identity: the same action always yields the same id (letters, digits, - and :). */
  id: string;
  /** ISO-8601 UTC. */
  at: string;
  actor: Actor;
  /** A dotted name: 'card.submitted', 'payout.paid', 'member.added'. */
  action: string;
  /** One sentence for the audit log. */
  summary: string;
  subject: Subject;
  /** The collective whose audit log records it (null: not audited, only told). */
  auditCollectiveId: number | null;
  /** What the subject was before and after (the fields the action changed). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  notices?: Notice[];
  activity?: Activity;
}

const EVENT_ID = /^[A-Za-z0-9:_-]{1,160}$/;
export const isEventId = (id: string): boolean => EVENT_ID.test(id);

/** An audit entry as the collective reads and exports it (GET /api/collectives/{id}/audit). */
export interface AuditEntry {
  id: string;
  at: string;
  action: string;
  summary: string;
  actor: { role: Actor['role']; label: string };
  subject: Subject;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

/** The audit log's CSV columns (docs/API.md, "Audit log"). */
export const AUDIT_CSV_HEADER = ['at', 'action', 'summary', 'actor_role', 'actor', 'subject_type', 'subject_id', 'athlete_id', 'before', 'after', 'event_id'];

export const auditCsvRow = (e: AuditEntry): unknown[] => [
  e.at,
  e.action,
  e.summary,
  e.actor.role,
  e.actor.label,
  e.subject.type,
  e.subject.id,
  e.subject.athleteId ?? '',
  e.before ? JSON.stringify(e.before) : '',
  e.after ? JSON.stringify(e.after) : '',
  e.id,
];

/** The fields of `after` that differ from `before` (and their old values): what an audit entry keeps. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}
