// The storefront's listing of cards on sale (keys.catalogLiveCard: GSI1 attributes on the card item,
// decision 0017) for cards written before it existed: each card item is brought to what cardItem
// builds today, so a published card carries the listing and any other card does not. Run by an
// operator with the catalog migrations (`npm run catalog-migrate`, docs/RUNBOOK.md) and by local mode
// on data seeded before the listing. Idempotent: a second run changes nothing.
//
// Queries only (never a Scan): the athletes' listing on GSI1 (CATALOG#ATHLETES, in id order, a page
// at a time), then each athlete's cards (one Query of its partition). Each change is one conditional
// update of the card item, so a card moved meanwhile (published, retired) is left to its own write.
import type { DigitalCollectible } from '#shared/catalog/catalog-types';
import { cardItem } from '#lambdas/catalog/catalog-items';
import { StoreConflict, type Store } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';

export interface LiveCardsReport {
  athletesRead: number;
  cardsRead: number;
  /** Cards given the listing (on sale, not listed yet), and cards taken off it (listed, not on sale). */
  listed: number;
  unlisted: number;
}

const ATHLETES_PAGE = 500;
const CARDS_PER_ATHLETE = 250;

/** Whether the storefront's listing holds any card (local mode: data seeded before it holds none). */
export async function hasLiveListing(store: Store): Promise<boolean> {
  return (await store.queryIndex(keys.catalogLiveCardsListing, 1)).length > 0;
}

export async function listLiveCards(store: Store, options: { dryRun?: boolean; onProgress?: (message: string) => void } = {}): Promise<LiveCardsReport> {
  const report: LiveCardsReport = { athletesRead: 0, cardsRead: 0, listed: 0, unlisted: 0 };
  let from: string | undefined;
  for (;;) {
    const page = await store.queryIndex(keys.catalogAthletesListing, ATHLETES_PAGE, from ? { from } : {});
    // `from` is inclusive: the page after the first starts with the last athlete already read.
    const athletes = from ? page.filter((p) => String(p.GSI1SK) !== from) : page;
    for (const profile of athletes) {
      report.athletesRead++;
      const athleteId = Number((profile.data as { id: number }).id);
      const cards = await store.query(keys.catalogAthletePartition(athleteId), CARDS_PER_ATHLETE, { beginsWith: keys.catalogCardPrefix });
      for (const item of cards) {
        report.cardsRead++;
        const card = item.data as DigitalCollectible;
        const want = cardItem(athleteId, card);
        if (want.GSI1PK === item.GSI1PK && want.GSI1SK === item.GSI1SK) continue;
        if (want.GSI1PK) report.listed++;
        else report.unlisted++;
        if (options.dryRun) continue;
        const key = { PK: String(item.PK), SK: String(item.SK) };
        // The card as it was read (its state, absent on cards stored before the lifecycle): a card
        // published or retired meanwhile keeps its own write.
        const condition = card.state
          ? { expression: '#data.#state = :state', names: { '#data': 'data', '#state': 'state' }, values: { ':state': card.state } }
          : { expression: 'attribute_exists(PK) AND attribute_not_exists(#data.#state)', names: { '#data': 'data', '#state': 'state' } };
        try {
          await store.write(
            want.GSI1PK
              ? { update: key, expression: 'SET GSI1PK = :pk, GSI1SK = :sk', values: { ':pk': want.GSI1PK, ':sk': want.GSI1SK }, condition }
              : { update: key, expression: 'REMOVE GSI1PK, GSI1SK', condition },
          );
        } catch (error) {
          if (!(error instanceof StoreConflict)) throw error;
        }
      }
    }
    if (report.athletesRead % 5_000 < athletes.length) options.onProgress?.(`${report.athletesRead} athletes read, ${report.listed} cards listed`);
    if (page.length < ATHLETES_PAGE) return report;
    from = String(page[page.length - 1].GSI1SK);
  }
}
