// The search blocks in the table (docs/decisions/0023-search-blocks.md): CATALOG#SEARCH /
// BLOCK#{n} holds what queries match of athletes n*8192 .. n*8192+8191 (shared/catalog/search-
// blocks.ts encodes it), compressed (deflate), with its version; the manifest (CATALOG#SEARCH /
// MANIFEST) repeats each block's version (`block:{n}`) so a search function that polls it re-reads
// only the blocks that changed. Every catalog write that changes what search matches of an
// athlete rewrites the athlete's block in the same transaction as the athlete, guarded by the
// version it read (admin-repo.ts), so the blocks are never behind the catalog and two writers of
// one block never lose each other's change (the second retries).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { encodeSearchBlock, decodeSearchBlock, searchBlockOf } from '#shared/catalog/search-blocks';
import type { EncodedBlock, SearchRow } from '#shared/catalog/search-blocks';
import * as keys from '#lambdas/platform/keys';
import type { Item, Write } from '#lambdas/platform/store';

export const SEARCH_BLOCK_TYPE = 'searchBlock';

/** The manifest attribute holding a block's version. */
export const BLOCK_VERSION_PREFIX = 'block:';
export const blockVersionAttribute = (block: number) => `${BLOCK_VERSION_PREFIX}${block}`;

/** A block's item: its rows encoded, its two parts compressed apart, at `version`. */
export function searchBlockItem(block: number, rows: readonly SearchRow[], version: number): Item {
  const { columns, text } = encodeSearchBlock(rows);
  return {
    ...keys.searchBlock(block),
    type: SEARCH_BLOCK_TYPE,
    block,
    version,
    count: rows.length,
    columns: deflateRawSync(columns),
    text: deflateRawSync(text),
  };
}

/** A block item's encoded parts (decompressed). */
export const searchBlockBytes = (item: Item): EncodedBlock => ({
  columns: inflateRawSync(item.columns as Uint8Array),
  text: inflateRawSync(item.text as Uint8Array),
});

/** A block item's stored (compressed) size in bytes. */
export const storedBytes = (item: Item): number => (item.columns as Uint8Array).length + (item.text as Uint8Array).length;

/** A block item's rows, in id order (none for an absent item). */
export function searchBlockRows(item: Item | undefined): SearchRow[] {
  return item ? decodeSearchBlock(Number(item.block), searchBlockBytes(item)) : [];
}

/** The search blocks of a whole catalog (a bulk load) and the manifest's versions of them. */
export function searchBlockItems(rows: Iterable<SearchRow>): { blocks: Item[]; versions: Record<string, number> } {
  const byBlock = new Map<number, SearchRow[]>();
  for (const row of rows) {
    const block = searchBlockOf(row.id);
    const list = byBlock.get(block);
    if (list) list.push(row);
    else byBlock.set(block, [row]);
  }
  const blocks: Item[] = [];
  const versions: Record<string, number> = {};
  for (const [block, list] of [...byBlock].sort(([a], [b]) => a - b)) {
    blocks.push(searchBlockItem(block, list, 1));
    versions[blockVersionAttribute(block)] = 1;
  }
  return { blocks, versions };
}

const sameRow = (a: SearchRow | undefined, b: SearchRow | null) =>
  (a === undefined && b === null) ||
  (a !== undefined &&
    b !== null &&
    a.name === b.name &&
    a.schoolId === b.schoolId &&
    a.sport === b.sport &&
    a.position === b.position &&
    a.number === b.number);

/**
 * The writes that bring an athlete's row in its block from what `current` (the block's item as
 * read, undefined when absent) holds to `after` (null: the athlete leaves search): the block put
 * at the next version, on condition that it is still at the version read, and the manifest's copy
 * of the version moved. Nothing when the row does not change (an edit of a bio, a card).
 */
export function searchBlockChanges(current: Item | undefined, id: number, after: SearchRow | null): Write[] {
  const block = searchBlockOf(id);
  const rows = searchBlockRows(current);
  if (
    sameRow(
      rows.find((r) => r.id === id),
      after,
    )
  )
    return [];
  const next = rows.filter((r) => r.id !== id);
  if (after) next.push(after);
  const version = Number(current?.version ?? 0);
  return [
    { put: searchBlockItem(block, next, version + 1), condition: current ? { field: 'version', equals: version } : { notExists: true } },
    {
      update: keys.searchManifest(),
      expression: 'SET #type = :type ADD #v :one',
      names: { '#type': 'type', '#v': blockVersionAttribute(block) },
      values: { ':type': 'manifest', ':one': 1 },
    },
  ];
}
