// Seeds an empty table: the catalog, donations, payouts and athlete donation figures directly,
// then the sample orders through the real, signed webhook endpoint.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { putAthleteDonations } from '../../lambdas/common/athlete-repo';
import { ddb, tableName } from '../../lambdas/common/dynamodb';
import { loadCatalog, putCatalog } from '../../lambdas/common/catalog-repo';
import { recordDonation } from '../../lambdas/common/collective-repo';
import { SAMPLE_CATALOG, SAMPLE_DONATIONS, sampleAthleteDonations } from '../../shared/seed-data';
import { deliverWebhook } from './deliver';
import { sampleDeliveries } from './sample-orders';

/** True when the table already holds a catalog (a restart keeps the data). */
export async function isSeeded(): Promise<boolean> {
  return (await loadCatalog({ fresh: true })).athletes.length > 0;
}

/**
 * The version of the data format local mode keeps under .data/: raised when stored items change
 * shape (2: orders keep each line's attribution; effects applied per athlete with ledger entries).
 * Local mode refuses to start on older data instead of showing wrong figures.
 */
export const LOCAL_DATA_VERSION = 2;
const DATA_VERSION_KEY = { PK: 'LOCALMODE', SK: 'DATA_VERSION' };

export async function localDataVersion(): Promise<number | null> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: DATA_VERSION_KEY, ConsistentRead: true }));
  return Item ? Number(Item.version) : null;
}

export async function markLocalDataVersion(): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...DATA_VERSION_KEY, version: LOCAL_DATA_VERSION } }));
}

export async function seedStatic(): Promise<void> {
  const catalog = structuredClone(SAMPLE_CATALOG);
  await putCatalog(catalog);
  for (const donation of SAMPLE_DONATIONS) await recordDonation(donation);
  for (const athlete of catalog.athletes) await putAthleteDonations(athlete.id, sampleAthleteDonations(athlete.id));
}

export async function seedOrders(webhookUrl: string, secret: string): Promise<number> {
  const deliveries = sampleDeliveries(structuredClone(SAMPLE_CATALOG));
  for (const d of deliveries) {
    const result = await deliverWebhook(webhookUrl, d.topic, d.body, secret, { webhookId: d.webhookId });
    if (result.status !== 200) throw new Error(`seeding ${d.topic} failed: ${result.status} ${result.body}`);
  }
  return deliveries.length;
}
