// The supporters count's `gifts` (issue 33 item 5; decision 0012's addendum) written for donation
// totals stored before it: each collective's one-time gifts not refunded in full, counted from its
// donations, set on its total (`DAGG#TOTAL`) once. Every donation write since adds to it, so without
// this a table written before would show too few supporters and `npm run verify` would report the
// difference. Run by `npm run catalog-migrate` after a deploy and by local mode on data it kept.
//
// Queries only (never a Scan): the collectives' partition, then each collective's donations a page at
// a time. Safe beside live donations: the count is a full recount set (with `giftsCounted`) only
// while the total still holds the amount and count it was read with before the recount, so a
// donation recorded meanwhile (which adds to both, and may have created `gifts` with its own one)
// makes the write fail and the collective is counted again. Idempotent: a total marked
// `giftsCounted` is left as it is.
import * as keys from '#lambdas/platform/keys';
import { keyString, noBackoff, retryOnConflict } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

const PAGE = 500;

export interface SupportersReport {
  collectives: number;
  /** Totals given their gifts count (or that would be, in a dry run). */
  counted: number;
}

const isGift = (d: Item) => !d.recurring && !(Number(d.refundedCents ?? 0) >= Number(d.amountCents) && Number(d.amountCents) > 0);

async function giftsOf(store: Store, collectiveId: number): Promise<number> {
  let gifts = 0;
  let from: string | undefined;
  for (;;) {
    const page = await store.query(keys.collectiveRecordsPartition(collectiveId), PAGE, { beginsWith: keys.donationPrefix, ...(from ? { from } : {}) });
    const fresh = from ? page.filter((d) => String(d.SK) !== from) : page;
    gifts += fresh.filter(isGift).length;
    if (page.length < PAGE) return gifts;
    from = String(page[page.length - 1].SK);
  }
}

/** Whether any collective's total still lacks its gifts count (local mode runs the migration then). */
export async function needsSupportersCount(store: Store): Promise<boolean> {
  const collectives = await store.query(keys.catalogCollectivesPartition, 1000, { beginsWith: keys.catalogCollectivePrefix });
  const totals = await store.get(collectives.map((c) => keys.donationTotal(Number((c.data as Item | undefined)?.id))));
  return [...totals.values()].some((t) => t.giftsCounted !== true);
}

export async function countSupporters(store: Store, options: { dryRun?: boolean } = {}): Promise<SupportersReport> {
  const report: SupportersReport = { collectives: 0, counted: 0 };
  const collectives = await store.query(keys.catalogCollectivesPartition, 1000, { beginsWith: keys.catalogCollectivePrefix });
  for (const collective of collectives) {
    const collectiveId = Number((collective.data as Item | undefined)?.id);
    if (!Number.isSafeInteger(collectiveId)) continue;
    report.collectives++;
    const counted = await retryOnConflict(
      async () => {
        const key = keys.donationTotal(collectiveId);
        const total = (await store.get([key])).get(keyString(key));
        if (!total || total.giftsCounted === true) return false;
        const gifts = await giftsOf(store, collectiveId);
        if (options.dryRun) return true;
        await store.write({
          update: key,
          set: { gifts, giftsCounted: true },
          condition: {
            and: [
              { field: 'amountCents', is: Number(total.amountCents ?? 0) },
              { field: 'count', is: Number(total.count ?? 0) },
            ],
          },
        });
        return true;
      },
      {
        attempts: 20,
        backoff: noBackoff,
        onExhausted: (conflict) =>
          new Error(`collective ${collectiveId}'s donations kept changing while counting its gifts: run the migration again (${conflict.message})`),
      },
    );
    if (counted) report.counted++;
  }
  return report;
}
