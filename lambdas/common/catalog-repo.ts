// The catalog (athletes with cards, schools, collectives, merch) lives in the table under one
// partition, so athletes can be added without a deploy. Reading it is one paginated Query.
import { BatchWriteCommand, DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Athlete, Catalog, Collective, MerchItem, School } from '../../shared/catalog-types';
import { ddb, tableName } from './dynamodb';
import * as keys from './keys';

type CatalogType = 'athlete' | 'school' | 'collective' | 'merch';

const CACHE_MS = 15_000;
let cache: { at: number; catalog: Promise<Catalog> } | undefined;

export function invalidateCatalogCache(): void {
  cache = undefined;
}

async function queryCatalog(): Promise<Catalog> {
  const catalog: Catalog = { athletes: [], schools: [], collectives: [], merch: [] };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.catalogPartition }, ExclusiveStartKey: startKey }),
    );
    for (const item of page.Items ?? []) {
      const type = item.type as CatalogType;
      if (type === 'athlete') catalog.athletes.push(item.data as Athlete);
      else if (type === 'school') catalog.schools.push(item.data as School);
      else if (type === 'collective') catalog.collectives.push(item.data as Collective);
      else if (type === 'merch') catalog.merch.push(item.data as MerchItem);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return catalog;
}

/** The catalog, cached for a few seconds per warm function (ingestion reads it on every delivery). */
export function loadCatalog(options: { fresh?: boolean } = {}): Promise<Catalog> {
  const now = Date.now();
  if (!options.fresh && cache && now - cache.at < CACHE_MS) return cache.catalog;
  const catalog = queryCatalog();
  cache = { at: now, catalog };
  catalog.catch(() => {
    if (cache?.catalog === catalog) cache = undefined;
  });
  return catalog;
}

function itemFor(type: CatalogType, data: Athlete | School | Collective | MerchItem): Record<string, unknown> {
  switch (type) {
    case 'athlete':
      return { ...keys.catalogAthlete(data.id), type, data };
    case 'school':
      return { ...keys.catalogSchool(data.id), type, data };
    case 'collective':
      return { ...keys.catalogCollective(data.id), type, data };
    case 'merch':
      return { ...keys.catalogMerch((data as MerchItem).schoolId, data.id), type, data };
  }
}

export async function putCatalogEntry(type: CatalogType, data: Athlete | School | Collective | MerchItem): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: itemFor(type, data) }));
  invalidateCatalogCache();
}

export async function deleteMerch(schoolId: number, id: number): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.catalogMerch(schoolId, id) }));
  invalidateCatalogCache();
}

/** Writes a whole catalog (seeding an empty table). */
export async function putCatalog(catalog: Catalog): Promise<void> {
  const items = [
    ...catalog.athletes.map((a) => itemFor('athlete', a)),
    ...catalog.schools.map((s) => itemFor('school', s)),
    ...catalog.collectives.map((c) => itemFor('collective', c)),
    ...catalog.merch.map((m) => itemFor('merch', m)),
  ];
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0 && attempt < 8; attempt++) {
      const result = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (result.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
      if (pending.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  invalidateCatalogCache();
}
