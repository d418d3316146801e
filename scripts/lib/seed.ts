// Seeds an empty table: the catalog and the older sample donations directly, then the sample
// orders through the real, signed webhook endpoint (local mode then adds payouts, and donations
// through the Stripe stand-in's Checkout: seed-payouts.ts, seed-donations.ts).
import { dynamoStore as store, keyString } from '#lambdas/platform/store';
import { hasCatalog, putCatalog } from '#lambdas/catalog/catalog-repo';
import * as keys from '#lambdas/platform/keys';
import { recordDonation } from '#lambdas/sales/collective-repo';
import { SAMPLE_CATALOG, SAMPLE_DONATIONS } from '#shared/catalog/seed-data';
import { deliverWebhook } from './deliver';
import { sampleDeliveries } from './sample-orders';

/** True when the table already holds a catalog (a restart keeps the data), in this layout or in
 * the single-partition layout before data version 3 (local mode then refuses the old data). */
export async function isSeeded(): Promise<boolean> {
  if (await hasCatalog()) return true;
  return (await store.query(keys.legacyCatalogPartition, 1)).length > 0;
}

/**
 * The version of the data format local mode keeps under .data/: raised when stored items change
 * shape (2: orders keep each line's attribution; effects applied per athlete with ledger entries;
 * 3: the catalog is stored one item per entity, with cards, sets, rosters and a search snapshot;
 * 4: the search snapshot keeps each athlete as a compact string;
 * 5: payout lines record what they provided and their allocated-donation part, year totals by tax form;
 * 6: search blocks of 8,192 athletes instead of the search snapshot, which the catalog migration
 * builds from version 5's data).
 * Local mode refuses to start on data it cannot migrate instead of showing wrong figures.
 */
export const LOCAL_DATA_VERSION = 6;
/** The oldest data version the catalog migration (scripts/lib/catalog-migrate.ts) brings up to date. */
export const MIGRATABLE_DATA_VERSION = 5;

export async function localDataVersion(): Promise<number | null> {
  const item = (await store.get([keys.localMode.dataVersion])).get(keyString(keys.localMode.dataVersion));
  return item ? Number(item.version) : null;
}

export async function markLocalDataVersion(): Promise<void> {
  await store.write({ put: { ...keys.localMode.dataVersion, version: LOCAL_DATA_VERSION } });
}

export async function seedStatic(): Promise<void> {
  const catalog = structuredClone(SAMPLE_CATALOG);
  await putCatalog(catalog);
  for (const donation of SAMPLE_DONATIONS) await recordDonation(donation);
}

/** Resolves once no accepted order waits to be settled (the settle function, or local mode's
 * settle loop, applies them); fails after `timeoutMs`. */
export async function waitUntilSettled(timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pages = await Promise.all(keys.pendingPartitions().map((pk) => store.query(pk, 1)));
    if (pages.every((p) => p.length === 0)) return;
    if (Date.now() > deadline)
      throw new Error(`sample orders still pending after ${timeoutMs / 1000} s: is the settle function (or local mode's settle loop) running?`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface SeedProgress {
  phase: number;
  phases: number;
  /** Deliveries made so far (this phase's included, all settled) and in all. */
  delivered: number;
  total: number;
}

/** The number of sample deliveries seedOrders makes. */
export const sampleDeliveryCount = (): number => sampleDeliveries(structuredClone(SAMPLE_CATALOG)).length;

/** Delivers the sample orders phase by phase (sample-orders.ts), each phase settled before the next
 * so the quotas unlock the next editions before they sell; `onPhase` hears of each settled phase. */
export async function seedOrders(webhookUrl: string, secret: string, onPhase?: (progress: SeedProgress) => void): Promise<number> {
  const deliveries = sampleDeliveries(structuredClone(SAMPLE_CATALOG));
  const phases = [1, 2, 3] as const;
  let delivered = 0;
  for (const phase of phases) {
    for (const d of deliveries.filter((x) => x.phase === phase)) {
      const result = await deliverWebhook(webhookUrl, d.topic, d.body, secret, { webhookId: d.webhookId });
      if (result.status !== 200) throw new Error(`seeding ${d.topic} failed: ${result.status} ${result.body}`);
      delivered++;
    }
    await waitUntilSettled();
    onPhase?.({ phase, phases: phases.length, delivered, total: deliveries.length });
  }
  return deliveries.length;
}

export interface NationalSeedOptions {
  athletes: number;
  /** Orders to generate (through the ingestion engine in memory, then written as ingestion leaves them). */
  orders: number;
  onProgress?: (message: string) => void;
}

/**
 * Seeds a national catalog (scripts/lib/national-catalog.ts) into an empty table: the catalog's
 * items in parallel batches, then `orders` generated orders folded by the ingestion engine in
 * memory (as the benchmark loader does: the items are exactly what ingestion would store, and
 * `npm run verify` checks them) and written the same way.
 */
export async function seedNational(options: NationalSeedOptions): Promise<{ items: number; orderItems: number; seconds: number }> {
  const started = performance.now();
  const say = options.onProgress ?? (() => undefined);
  const { nationalCatalog } = await import('./national-catalog');
  const { catalogItemStream } = await import('#lambdas/catalog/catalog-items');
  const { batchWriteItems } = await import('#lambdas/catalog/catalog-repo');
  const { writeItemStream } = await import('./stream-write');
  const catalog = nationalCatalog(options.athletes, {
    onProgress: (done, total) => say(`generated ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} athletes`),
  });
  say(`${catalog.schools.length} schools, ${catalog.collectives.length} collectives; writing the catalog's items...`);
  let lastShown = 0;
  // The catalog's items as they are made (a national catalog's are millions: never all held).
  const items = await writeItemStream(catalogItemStream(catalog), {
    onProgress: (written) => {
      if (written >= lastShown + 100_000) {
        lastShown = written;
        say(`catalog: ${written.toLocaleString('en-US')} items (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  const progress = (label: string) => (written: number, total: number) => {
    const pct = Math.floor((written / total) * 100);
    if (pct >= lastShown + 10 || written === total) {
      lastShown = written === total ? 0 : pct;
      say(
        `${label}: ${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items (${pct}%, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  };
  lastShown = 0;
  let orderItems = 0;
  if (options.orders > 0) {
    const { benchOrders } = await import('../bench/dataset');
    const { itemsFor } = await import('../bench/load');
    say(`folding ${options.orders.toLocaleString('en-US')} orders through the ingestion engine in memory...`);
    const generated = await itemsFor(benchOrders(options.orders, catalog), catalog);
    orderItems = generated.length;
    await batchWriteItems(generated, { concurrency: 8, onProgress: progress('orders') });
  }
  return { items, orderItems, seconds: (performance.now() - started) / 1000 };
}

// ---- the Stripe payout rail (issue 22; docs/decisions/0011) -------------------------------------
// The demo collective's own Stripe account linked, its first member's payout account linked (Stripe's
// test bank account that pays), its second member without one, and a batch paid with Pay now: the
// first member's payout paid once the stand-in's signed events reach the webhook, the second
// waiting for a payout account. All through the product's code and the stand-in's hosted
// onboarding page, as a browser submits it.

/** Submits the stand-in's hosted onboarding page with one of Stripe's test bank accounts. */
async function submitOnboarding(pageUrl: string, accountNumber: string, legalName: string): Promise<void> {
  const page = await fetch(pageUrl, { redirect: 'manual' });
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (page.status !== 200 || !action) throw new Error(`the onboarding page answered ${page.status}`);
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replaceAll('&amp;', '&')]),
  );
  const fields = {
    ...hidden,
    business_type: 'individual',
    legal_name: legalName,
    email: 'demo@example.com',
    product_description: 'NIL trading cards',
    routing_number: '110000000',
    account_number: accountNumber,
    account_number_confirm: accountNumber,
    w9_certified: 'yes',
  };
  const res = await fetch(new URL(action.replaceAll('&amp;', '&'), pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  if (res.status !== 303) throw new Error(`the onboarding form answered ${res.status}`);
}

/** Seeds the Stripe rail (local mode, the stand-in mounted at STRIPE_API_BASE); `settled` waits for its payouts and webhook deliveries. */
export async function seedStripePayouts(siteUrl: string, settled: () => Promise<void>): Promise<void> {
  const { stripeClient } = await import('#lambdas/platform/stripe-config');
  const { onboardingLink, syncAccount } = await import('#lambdas/payments/connect-accounts');
  const { payBatch } = await import('#lambdas/payments/payout-rail');
  const { createBatch } = await import('#lambdas/money/payouts');
  const collective = SAMPLE_CATALOG.collectives.find((c) => c.id === 1);
  if (!collective || collective.members.length < 2) return;
  const now = () => new Date().toISOString();
  const ctx = { store, stripe: await stripeClient(), now };
  const urls = { returnUrl: `${siteUrl}/collective?section=payouts&stripe=return`, refreshUrl: `${siteUrl}/collective?section=payouts&stripe=refresh` };
  const [linked, unlinked] = collective.members;
  const owners = [
    // The collective's account carries its legal name: Stripe's pages (Checkout, the customer
    // portal) show the account's business name to donors.
    { owner: { kind: 'collective' as const, id: collective.id }, by: 'seed', legalName: 'Mariners NIL Collective LLC' },
    { owner: { kind: 'athlete' as const, id: linked, collectiveId: collective.id }, by: 'seed', legalName: 'Drift Demo' },
  ];
  for (const { owner, by, legalName } of owners) {
    const made = await onboardingLink(ctx, owner, { by, email: null, ...urls });
    await submitOnboarding(made.url, '000123456789', legalName);
    await syncAccount(ctx, owner, by);
  }
  const { batch } = await createBatch(store, {
    collectiveId: collective.id,
    members: [linked, unlinked],
    periodStart: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    periodEnd: new Date(Date.now() + 1000).toISOString(),
    idempotencyKey: 'seed-stripe-batch-1',
    by: 'seed',
    now,
  });
  await payBatch(ctx, { collectiveId: collective.id, batchId: batch.batchId }, { by: 'seed' });
  await settled();
}
// ---- end of the Stripe payout rail's seed ----
