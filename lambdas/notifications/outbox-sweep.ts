// What the outbox has due (docs/decisions/0025): GSI1's OUTBOX#<0-9> partitions hold every notice
// whose email is still to decide (due when written), every digest (due when its hour is up or its
// quiet hours end) and every claim (due when its lease runs out), sorted by due time; one Query per
// partition reads what is due now. Apart from the sender so the feed function carries no mailer.
import * as keys from '#lambdas/platform/keys';
import type { Key, Store } from '#lambdas/platform/store';

/** Items read per outbox partition per sweep. */
export const SWEEP_PAGE = 100;

/** The outbox items due at `now`, oldest first per partition (their table keys). */
export async function sweepOutbox(store: Pick<Store, 'queryIndex'>, now: Date, limit = SWEEP_PAGE): Promise<Key[]> {
  const below = `${now.toISOString()}~`;
  const pages = await Promise.all(keys.outboxPartitions().map((p) => store.queryIndex(p, limit, { below })));
  return pages.flat().map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
}
