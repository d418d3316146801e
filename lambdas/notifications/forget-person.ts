// Forgetting a person (issue 32 item 1): the one function an account's deletion calls
// (lambdas/sales/account-deletion.ts) for every item keyed by the person that it forgets, the
// families keys.ts lists as `forgotten` (keys.personKeyedFamilies): their display name, public
// profile and the name's claim; their follows and their entries among the followers; their notices,
// notify state, settings (the stored address, time zone, quiet hours, kinds) and digests, as a fan
// (NOTIFY#F<buyer key>) and as an address invited before it had an account (NOTIFY#E<the same
// hash>); their age band, waiting-list entry, a profile request nobody accepted and, last, the
// deletion code. What it keeps (orders,
// holdings, Top Fans, leaderboards under the pseudonym the redaction gave them, the suppression list)
// keys.ts says why.
// First it writes the person's tombstone (keys.personForgotten): every writer of the person's items
// checks it in its own transaction (a follow, a profile, a follower's notice, the sender's claim, the
// address an inbox read records), so whatever races the deletion either lands before the tombstone
// (and is deleted below) or is refused after it. Idempotent: run it again after a failure.
import * as keys from '#lambdas/platform/keys';
import { StoreConflict } from '#lambdas/platform/store';
import type { Item, Store, Write } from '#lambdas/platform/store';
import { forgetAgeBand } from '#lambdas/identity/age-bands';
import { forgetDisplayName } from '#lambdas/identity/display-names';
import { forgottenTombstone } from '#lambdas/identity/forgotten';
import { forgetRecipient } from './forget-recipient';

/** Items deleted per transaction. */
const CHUNK = 25;
/** Items read per page of a partition being emptied. */
const PAGE = 100;

async function deleteAll(store: Store, writes: Write[]): Promise<void> {
  for (let i = 0; i < writes.length; i += CHUNK) await store.transact(writes.slice(i, i + CHUNK));
}

const keyOf = (i: Item) => ({ PK: String(i.PK), SK: String(i.SK) });

export interface Person {
  buyerKey: string;
  /** The account's email (the waiting list is keyed by it). */
  email: string;
  /** The account's subject (its profile request is keyed by it); null when forgetting an address only. */
  sub: string | null;
}

export async function forgetPerson(
  store: Store,
  person: Person,
  options: { now?: Date; keepDeletion?: boolean } = {},
): Promise<{ notices: number; follows: number }> {
  const { buyerKey } = person;
  await store.write({ put: forgottenTombstone(buyerKey, options.now ?? new Date()) });
  // As a fan, and as the address it was invited at before it had an account (the same hash).
  const notices = (await forgetRecipient(store, `F${buyerKey}`)) + (await forgetRecipient(store, `E${buyerKey}`));
  let follows = 0;
  for (;;) {
    const page = await store.query(keys.followsPartition(buyerKey), PAGE);
    if (page.length === 0) break;
    follows += page.length;
    await deleteAll(
      store,
      page.flatMap((item): Write[] => {
        const target = keys.followTargetOf(String(item.SK));
        return [{ delete: keyOf(item) }, ...(target ? [{ delete: keys.follower(target, buyerKey) }] : [])];
      }),
    );
  }
  await forgetDisplayName(store, buyerKey);
  await forgetAgeBand(store, buyerKey);
  await store.write({ delete: keys.waitlist(person.email.trim().toLowerCase()) });
  // A profile request the account sent and nobody accepted (an accepted one made it an athlete's
  // account, which the account deletion refuses): its collectives' list no longer shows it.
  if (person.sub)
    await store
      .write({ delete: keys.accountProfileRequest(person.sub), condition: { or: [{ notExists: true }, { field: 'state', isNot: 'accepted' }] } })
      .catch((error: unknown) => {
        // Accepted meanwhile: it is the athlete's record now, kept with the athlete's account.
        if (!(error instanceof StoreConflict)) throw error;
      });
  // The account deletion keeps its code until its own last step (a confirmation that failed part-way
  // is finished by confirming again), and deletes it then.
  if (!options.keepDeletion) await store.write({ delete: keys.personDeletion(buyerKey) });
  return { notices, follows };
}
