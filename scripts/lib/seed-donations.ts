// Local mode's donations, made as a donor makes them: the demo collective's Stripe account is
// created on the Stripe stand-in and onboarded through its hosted page, the collective's support
// page gets its tiers, and a one-time gift and a monthly membership go through the product's own
// routes (POST /api/support/1/checkout), the stand-in's hosted Checkout paid with the test card
// 4242 4242 4242 4242, and the donor's return (GET /api/support/1/checkouts/{session}), which
// records them as the webhook does. The other sample collectives get a support page too, without
// a Stripe account: their pages show "Not taking donations yet".
import { dynamoStore as store } from '#lambdas/platform/store';
import { saveSupportSettings } from '#lambdas/payments/support-repo';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import type { GiveRequest, GiveResponse, SupportSettingsRequest } from '#shared/payments/support-api';

const DEMO_TIERS: SupportSettingsRequest['tiers'] = [
  { id: null, name: 'Crew', amountCents: 1_000, perk: 'A sticker pack and your name on the supporters wall', retired: false },
  { id: null, name: 'Captain', amountCents: 5_000, perk: 'A signed team poster each season', retired: false },
];

/** GETs a hosted page of the stand-in and POSTs its form with `fields` (and its hidden inputs), as a browser does. */
async function submitHostedForm(pageUrl: string, fields: Record<string, string>): Promise<string | null> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!page.ok || !action) throw new Error(`the stand-in's page ${pageUrl} has no form (${page.status})`);
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const res = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, ...fields }).toString(),
  });
  if (res.status !== 303) throw new Error(`the stand-in refused the form of ${pageUrl} (${res.status}): ${(await res.text()).slice(0, 300)}`);
  return res.headers.get('location');
}

/**
 * The demo collective's Stripe account, linked through the product's own path (the collective's
 * "Link Stripe": lambdas/payments/connect-accounts.ts, onboarding on the stand-in's hosted page).
 * The payout rail's seed links it first; this links it only when that did not.
 */
async function linkDemoCollective(collectiveId: number, siteUrl: string): Promise<void> {
  const { readPayoutAccount, onboardingLink, syncAccount } = await import('#lambdas/payments/connect-accounts');
  const owner = { kind: 'collective' as const, id: collectiveId };
  if ((await readPayoutAccount(store, owner))?.chargesEnabled) return;
  const { stripeClient } = await import('#lambdas/platform/stripe-config');
  const ctx = { store, stripe: await stripeClient(), now: () => new Date().toISOString() };
  const made = await onboardingLink(ctx, owner, {
    by: 'seed',
    email: 'collective@demo.local',
    returnUrl: `${siteUrl}/collective`,
    refreshUrl: `${siteUrl}/collective`,
  });
  await submitHostedForm(made.url, {
    business_type: 'company',
    legal_name: 'Mariners NIL Collective LLC',
    email: 'collective@demo.local',
    product_description: 'Donations and memberships supporting student-athletes',
    routing_number: '110000000',
    account_number: '000123456789',
    account_number_confirm: '000123456789',
    w9_certified: 'yes',
  });
  await syncAccount(ctx, owner, 'seed');
}

/** A gift or membership made through the product's routes and paid on the hosted Checkout page. */
async function give(siteUrl: string, collectiveId: number, request: GiveRequest, key: string): Promise<void> {
  const res = await fetch(`${siteUrl}/api/support/${collectiveId}/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: siteUrl, 'idempotency-key': key },
    body: JSON.stringify(request),
  });
  if (res.status !== 201) throw new Error(`the support page refused the seed's ${request.kind} (${res.status}): ${await res.text()}`);
  const { url, sessionId } = (await res.json()) as GiveResponse;
  await submitHostedForm(url, {
    email: 'demo.fan@example.com',
    card_number: '4242 4242 4242 4242',
    card_expiry: '12 / 34',
    card_cvc: '123',
    card_name: 'Demo Fan',
  });
  // The donor's return to the support page records the payment (the webhook would too, once).
  const back = await fetch(`${siteUrl}/api/support/${collectiveId}/checkouts/${sessionId}`);
  if (!back.ok) throw new Error(`the seed's ${request.kind} was paid but not read back (${back.status})`);
}

export async function seedDonations(siteUrl: string): Promise<void> {
  const stripeBase = process.env.STRIPE_API_BASE;
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!stripeBase || !secretKey) throw new Error('the donations seed needs STRIPE_API_BASE and STRIPE_SECRET_KEY (local mode sets them)');
  const now = new Date().toISOString();
  for (const collective of SAMPLE_CATALOG.collectives) {
    const demo = collective.id === 1;
    await saveSupportSettings(
      store,
      collective,
      {
        pitch: `Every dollar keeps ${collective.name.replace(/ Collective$/, '')} athletes training, studying and competing at home.`,
        giftsEnabled: true,
        feeBasisPoints: 0,
        legalName: demo ? 'Mariners NIL Collective LLC' : '',
        taxDeductible: false,
        goal: demo ? { amountCents: 500_000, label: 'Summer training camp', period: 'all' } : null,
        tiers: demo ? DEMO_TIERS : [],
        version: 0,
      },
      'seed',
      now,
    );
  }
  await linkDemoCollective(1, siteUrl);
  await give(
    siteUrl,
    1,
    { kind: 'gift', amountCents: 7_500, donorName: 'Linda Carter', anonymous: false, organization: false, comment: 'Proud of this team!' },
    'seed-gift-1',
  );
  await give(
    siteUrl,
    1,
    { kind: 'membership', tierId: 't1', donorName: '', anonymous: true, organization: false, comment: 'Monthly, every month.' },
    'seed-member-1',
  );
}
