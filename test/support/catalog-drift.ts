// The catalog's derived items (rosters, sport counts, members, product and name indexes, the search
// blocks) against a recomputation from its entities (profiles, cards, sets, schools, collectives):
// after any sequence of writes they must agree, or a page would show something else than the
// athlete's profile says. Counts at zero and emptied name sets are the same as absent.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { catalogFromItems, catalogItems } from '#lambdas/catalog/catalog-items';
import { SEARCH_BLOCK_TYPE, searchBlockRows } from '#lambdas/catalog/search-writes';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { isCatalogPartition } from '#lambdas/platform/keys';

type Item = Record<string, unknown>;

export async function scanCatalog(): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []).filter((i) => isCatalogPartition(String(i.PK))));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

function canonical(item: Item): string | null {
  const out: Item = { ...item };
  // Versions count writes, not content.
  delete out.version;
  if (item.type === 'manifest') return null;
  if (item.type === 'name') {
    const ids = [...((item.ids as Set<number> | undefined) ?? [])].map(Number).sort((a, b) => a - b);
    if (ids.length === 0) return null;
    out.ids = ids;
  }
  if (item.type === 'sport') {
    for (const [k, v] of Object.entries(item)) if (k.startsWith('pos:') && Number(v) === 0) delete out[k];
    if (Number(item.count) === 0) return null;
  }
  if (item.type === SEARCH_BLOCK_TYPE) {
    // A block's content, not its bytes; an emptied block is the same as none.
    const rows = searchBlockRows(item);
    if (rows.length === 0) return null;
    delete out.columns;
    delete out.text;
    out.count = rows.length;
    out.rows = rows;
  }
  return JSON.stringify(out, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Item).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Differences between the stored catalog items and a recomputation from its entities. */
export async function catalogDrift(): Promise<string[]> {
  return driftOf(await scanCatalog());
}

/** Differences between catalog items (a Scan's, a memory store's) and a recomputation from their entities. */
export function driftOf(items: Item[]): string[] {
  const stored = items.filter((i) => isCatalogPartition(String(i.PK)));
  const expected = catalogItems(catalogFromItems(stored));
  const index = (items: Item[]) =>
    new Map(
      items.flatMap((i) => {
        const c = canonical(i);
        return c === null ? [] : [[`${i.PK}|${i.SK}`, c] as const];
      }),
    );
  const [a, b] = [index(stored), index(expected)];
  const diffs: string[] = [];
  for (const [key, value] of b) if (a.get(key) !== value) diffs.push(a.has(key) ? `${key}: stored ${a.get(key)}\n  expected ${value}` : `${key}: missing`);
  for (const key of a.keys()) if (!b.has(key)) diffs.push(`${key}: stored but not derived from any entity`);
  return diffs;
}
