// Forgetting a person (issue 23's account deletion calls this; issue 26 holds what it forgets):
// their notices and email settings as a fan (NOTIFY#F<buyer key>: the notices, their state, the
// address and preferences, held digests), what they follow (and their place among the followers),
// and their display name and collector profile. Idempotent: run it again after a failure.
// Leaderboard entries keep only the buyer key and counts, and are named only through the profile
// this removes; holdings themselves are redacted by the account deletion (anonymous holdings).
import * as keys from '#lambdas/platform/keys';
import type { Store, Write } from '#lambdas/platform/store';
import { forgetDisplayName } from '#lambdas/identity/display-names';

/** Items deleted per transaction. */
const CHUNK = 25;

async function deleteAll(store: Store, writes: Write[]): Promise<void> {
  for (let i = 0; i < writes.length; i += CHUNK) await store.transact(writes.slice(i, i + CHUNK));
}

export async function forgetPerson(store: Store, buyerKey: string): Promise<{ notices: number; follows: number }> {
  const partition = keys.notifyPartition(`F${buyerKey}`);
  let notices = 0;
  for (;;) {
    const items = await store.query(partition, 100);
    if (items.length === 0) break;
    notices += items.filter((i) => i.type === 'note').length;
    await deleteAll(
      store,
      items.map((i) => ({ delete: { PK: String(i.PK), SK: String(i.SK) } })),
    );
  }
  const follows = await store.query(keys.followsPartition(buyerKey), 1000);
  await deleteAll(
    store,
    follows.flatMap((item): Write[] => {
      const target = keys.followTargetOf(String(item.SK));
      return [{ delete: { PK: String(item.PK), SK: String(item.SK) } }, ...(target ? [{ delete: keys.follower(target, buyerKey) }] : [])];
    }),
  );
  await forgetDisplayName(store, buyerKey);
  return { notices, follows: follows.length };
}
