// Integration tests: each test file gets its own fresh table in the run's DynamoDB Local.
import { randomUUID } from 'node:crypto';
import { dropTable, ensureTable } from '../../scripts/local/table';
import { invalidateCatalogCache, putCatalog } from '#lambdas/catalog/catalog-repo';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';

export interface TestTable {
  tableName: string;
  endpoint: string;
  drop(): Promise<void>;
}

/** Creates a table, points the handlers at it (env) and optionally seeds the sample catalog. */
export async function createTestTable(options: { seedCatalog?: boolean } = {}): Promise<TestTable> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: integration tests run through jest (the global setup starts DynamoDB Local)');
  const tableName = `it-${randomUUID().slice(0, 8)}`;
  await ensureTable(endpoint, tableName);
  process.env.TABLE_NAME = tableName;
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
  invalidateCatalogCache();
  if (options.seedCatalog !== false) await putCatalog(structuredClone(SAMPLE_CATALOG));
  return { tableName, endpoint, drop: () => dropTable(endpoint, tableName) };
}
