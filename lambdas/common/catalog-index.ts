// The catalog as ingestion sees it: an index over the cached catalog, reloaded fresh (at most every
// 2 s) when an order names a product the cached catalog lacks, so a card published a moment ago is
// attributed by its product id instead of being left unattributed.
import { indexCatalog } from '../../shared/catalog-types';
import type { CatalogIndex } from '../../shared/catalog-types';
import { loadCatalog } from './catalog-repo';

let lastFreshLoad = 0;

export async function catalogIndex(productIds: Array<string | null> = []): Promise<CatalogIndex> {
  let index = indexCatalog(await loadCatalog());
  if (productIds.some((id) => id && !index.cardByProductId.has(id)) && Date.now() - lastFreshLoad > 2_000) {
    lastFreshLoad = Date.now();
    index = indexCatalog(await loadCatalog({ fresh: true }));
  }
  return index;
}
