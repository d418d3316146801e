// Emptying one recipient's notify partition (its notices, state, settings and digests): the forget
// function's part for a person's recipients (forget-person.ts), and the sender's when an item of a
// forgotten person reaches it (sender.ts). Apart so the sender's bundle carries no more than this.
import * as keys from '#lambdas/platform/keys';
import type { Store } from '#lambdas/platform/store';

/** Items deleted per transaction. */
const CHUNK = 25;
/** Items read per page. */
const PAGE = 100;

/** Empties one recipient's notify partition (notices, state, settings, digests); how many notices it held. */
export async function forgetRecipient(store: Store, recipient: string): Promise<number> {
  const partition = keys.notifyPartition(recipient);
  let notices = 0;
  for (;;) {
    const items = await store.query(partition, PAGE);
    if (items.length === 0) return notices;
    notices += items.filter((i) => i.type === 'note').length;
    const writes = items.map((i) => ({ delete: { PK: String(i.PK), SK: String(i.SK) } }));
    for (let i = 0; i < writes.length; i += CHUNK) await store.transact(writes.slice(i, i + CHUNK));
  }
}
