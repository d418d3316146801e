// Writes items as they come from a generator (a national catalog is millions of items: they are
// written in slices of SLICE, never all held), each slice by catalog-repo.ts batchWriteItems
// (BatchWriteItem of 25, a few in flight).
import { batchWriteItems } from '#lambdas/catalog/catalog-repo';
import type { Item } from '#lambdas/catalog/catalog-items';

const SLICE = 10_000;

export async function writeItemStream(items: Iterable<Item>, options: { concurrency?: number; onProgress?: (written: number) => void } = {}): Promise<number> {
  let written = 0;
  let slice: Item[] = [];
  const flush = async () => {
    await batchWriteItems(slice, { concurrency: options.concurrency ?? 8 });
    written += slice.length;
    slice = [];
    options.onProgress?.(written);
  };
  for (const item of items) {
    slice.push(item);
    if (slice.length >= SLICE) await flush();
  }
  if (slice.length) await flush();
  return written;
}
