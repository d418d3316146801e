// Seeds an empty table: the catalog, donations, payouts and athlete donation figures directly,
// then the sample orders through the real, signed webhook endpoint.
import { putAthleteDonations } from '../../lambdas/common/athlete-repo';
import { loadCatalog, putCatalog } from '../../lambdas/common/catalog-repo';
import { recordDonation, recordPayout } from '../../lambdas/common/collective-repo';
import { SAMPLE_CATALOG, SAMPLE_DONATIONS, SAMPLE_PAYOUTS, sampleAthleteDonations } from '../../shared/seed-data';
import { deliverWebhook } from './deliver';
import { sampleDeliveries } from './sample-orders';

/** True when the table already holds a catalog (a restart keeps the data). */
export async function isSeeded(): Promise<boolean> {
  return (await loadCatalog({ fresh: true })).athletes.length > 0;
}

export async function seedStatic(): Promise<void> {
  const catalog = structuredClone(SAMPLE_CATALOG);
  await putCatalog(catalog);
  for (const donation of SAMPLE_DONATIONS) await recordDonation(donation);
  for (const payout of SAMPLE_PAYOUTS) await recordPayout(payout);
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
