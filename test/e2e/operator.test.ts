// The platform operators' console in Chromium against local mode: a Shopify order of a product that
// is not in the catalog and names no school reaches the operator's platform inbox (no collective
// sees it); the operator sends it to the demo collective, whose unattributed sales then list it.
// Accounts outside the operator group get the console's explanation, not the inbox.
import type { Page } from 'playwright-core';
import type { CollectiveStatsResponse } from '#shared/sales/sales-api';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { signShopify } from '#lambdas/orders/webhook-secret';
import { useBrowserPage } from '../support/browser';
import { api, eventually, signInUi, tokenOf, url } from '../support/e2e-api';

jest.setTimeout(120_000);

let page: Page;
useBrowserPage({ timeoutMs: 20_000, onPage: (p) => (page = p) });

const run = Date.now().toString(36);
const title = `Custom Jersey ${run}`;

async function deliverOrder(): Promise<void> {
  const id = String(23_000_000_000_000_000n + BigInt(Date.now() % 1_000_000_000));
  const body = orderPayload({
    id,
    createdAt: new Date().toISOString(),
    email: `operator-e2e-${run}@example.com`,
    lines: [{ id: `${id}1`, productId: `77${Date.now() % 100_000_000}`, title, quantity: 1, price: '40.00', vendor: 'Custom Shop' }],
  });
  const res = await fetch(url('/api/webhooks/shopify'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': signShopify(body, process.env.SHOPIFY_WEBHOOK_SECRET ?? 'local-dev-shopify-secret'),
      'x-shopify-webhook-id': `operator-e2e-${run}`,
    },
    body,
  });
  expect(res.status).toBe(200);
}

describe("the operators' console", () => {
  it('explains itself to an account that is not an operator', async () => {
    await signInUi(page, 'collective', 'collective', '/operator');
    await page.getByText("This console is for Drift's platform operators.").waitFor();
    expect(await page.getByRole('heading', { name: 'Sales that name no school' }).count()).toBe(0);
  });

  it('lists a sale that names no school to the operator only, who sends it to the collective it belongs to', async () => {
    await deliverOrder();
    const collectiveToken = await tokenOf('collective', 'collective');
    const unattributedOf = () => api<CollectiveStatsResponse>('/collectives/1/stats', collectiveToken).then((s) => s.unattributed.recent.map((l) => l.title));
    expect(await unattributedOf()).not.toContain(title);

    await signInUi(page, 'operator', 'operator-demo', '/operator');
    await page.getByRole('heading', { name: 'Sales that name no school' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    await row.getByRole('button', { name: 'Send' }).click();
    await row.getByText('Choose the collective this sale belongs to.').waitFor();
    await row.getByLabel(`Collective for ${title}`).selectOption('1');
    await row.getByRole('button', { name: 'Send' }).click();
    // Said above the list: the line leaves it as soon as the settle step has moved it.
    await page
      .getByRole('status')
      .filter({ hasText: `Sent ${title} (order ` })
      .waitFor();

    // Once settled, the collective lists it and the operator's inbox no longer does.
    const listed = await eventually(unattributedOf, (titles) => titles.includes(title));
    expect(listed).toContain(title);
    await page.reload();
    await page.getByText(/name no school\.|nothing is waiting/).waitFor();
    expect(await page.getByRole('row').filter({ hasText: title }).count()).toBe(0);
  });
});
