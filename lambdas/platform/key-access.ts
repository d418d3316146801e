// Which table partitions each writing function may write: the IAM side of the single-table
// design. The stack turns these patterns into a `dynamodb:LeadingKeys` condition
// (`ForAllValues:StringLike`) on the write actions of each function's role, so a bug or an
// injected key in, say, the waiting list can never overwrite an order or the catalog.
// Patterns use IAM StringLike syntax (`*` any run of characters, `?` one character) over the
// partition key (PK) only; GSI keys are not subject to LeadingKeys. test/infra/key-access.test.ts
// checks that every partition built by keys.ts is writable by at least one function, so a new
// key family cannot be added without deciding here who may write it. The patterns themselves are
// keys.ts's (partitionPatterns), like every key string.
import { partitionPatterns as p } from './keys';

/**
 * Every partition the ingestion engine writes (lambdas/orders/ingest-*.ts): the settle function
 * and the callers that accept and settle at once (the unattributed assignment, the local
 * checkout). Extend this list when ingestion writes a new partition.
 */
export const INGESTION_PARTITIONS = [
  p.order, // the order and the applied snapshot of each group of its effects
  p.athlete, // sale lines, totals, months, fans, Top Fans, the earnings ledger
  p.collective, // flags for the collective (oversold editions, sales of locked cards)
  p.unattributed, // unattributed lines per school and their totals
  p.webhook, // delivery markers (X-Shopify-Webhook-Id)
  p.pending, // orders whose effects are not all applied yet (the settle sweeper's list)
  p.parked, // signed deliveries refused for an operator (another currency, unstorable, malformed)
  p.board, // the leaderboards a batch moves (lambdas/notifications/settle-hooks.ts)
  p.fanout, // the jobs a batch leaves: its events' notices, school tallies
] as const;

/** The catalog (keys.ts, "The catalog, one item per entity"): written by the admin function only. */
export const CATALOG_PARTITIONS = [p.catalog] as const;

/** What stage 1 (accepting an event, lambdas/orders/ingest-accept.ts) writes: the webhook. */
export const ACCEPT_PARTITIONS = [p.order, p.webhook, p.pending, p.parked] as const;

/** The reconciliation accepts like the webhook, plus its own checkpoint. */
export const RECONCILE_PARTITIONS = [...ACCEPT_PARTITIONS, p.reconcile] as const;

/** The notification sender (lambdas/notifications/sender.ts): notices, digests, the recipients'
 * last-sent times; settlement's jobs (fanout.ts): their audit entries, the school boards, the news.
 * The bounce handler records suppressed addresses only. The sender's PERSON# grant is for the
 * check that a fan was not forgotten (keys.personForgotten) in a follower's notice and an email's claim. */
export const NOTIFY_SENDER_PARTITIONS = [p.notify, p.fanout, p.audit, p.board, p.activity, p.person] as const;
export const NOTIFY_BOUNCE_PARTITIONS = [p.suppressed] as const;

/** What an action that records an event writes besides its own items (event-writes.ts): the
 * collective's audit entry, the recipients' notices and unread counts, the news for the feeds. */
export const EVENT_PARTITIONS = [p.audit, p.notify, p.activity] as const;

/** IAM `StringLike` semantics: `*` matches any run of characters (also none), `?` exactly one. */
export function matchesPartitionPattern(pattern: string, partition: string): boolean {
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(partition);
}
