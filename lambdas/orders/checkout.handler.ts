// POST /api/checkout (local mode only): stands in for the Shopify storefront, which cannot be
// reached offline. It delivers a signed orders/create and then orders/paid for the card to the
// webhook endpoint over HTTP, exactly as Shopify would; the figures then move through ingestion.
import { randomBytes, randomUUID } from 'node:crypto';
import { isValidEmail } from '#shared/platform/http-api';
import type { CheckoutResponse } from '#shared/sales/sales-api';
import { centsToDecimal, orderPayload } from '#shared/orders/shopify-payloads';
import { NO_COPIES_SOLD } from '#shared/cards/editions';
import { isPublic, isRetired } from '#shared/cards/lifecycle';
import { unlockProgress } from '#shared/cards/quota';
import { dynamoCatalogReader } from '#lambdas/catalog/catalog-index';
import { config } from '#lambdas/platform/config';
import { Conflict, HttpError, NotFound, ValidationError } from '#lambdas/platform/errors';
import { getSaleTotals } from '#lambdas/catalog/catalog-repo';
import { cardView } from '#lambdas/catalog/catalog-views';
import { json, jsonBody, routes } from '#lambdas/platform/http';
import { signShopify, webhookSecret } from './webhook-secret';

/** A random order id above 2^53, like Shopify's 64-bit ids. */
export function newShopifyId(): string {
  const value = (1n << 60n) + (BigInt(`0x${randomBytes(7).toString('hex')}`) & ((1n << 56n) - 1n));
  return value.toString();
}

async function deliver(url: string, topic: string, body: string, secret: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': signShopify(body, secret),
      'x-shopify-shop-domain': 'local-checkout.myshopify.com',
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    body,
  });
  if (!response.ok) throw new HttpError(502, 'delivery_failed', `The webhook endpoint answered ${response.status} for ${topic}`);
}

export const handler = routes({
  'POST /api/checkout': async (event) => {
    const webhookUrl = process.env.LOCAL_WEBHOOK_URL;
    if (!webhookUrl) throw new NotFound('Local checkout');
    const body = jsonBody(event, 4096);
    const fields: Record<string, string> = {};
    const athleteId = Number(body.athleteId);
    const cardId = Number(body.cardId);
    const quantity = body.quantity === undefined ? 1 : Number(body.quantity);
    const email = typeof body.email === 'string' && body.email.trim() ? body.email.trim().toLowerCase() : config().demoBuyerEmail;
    if (!Number.isSafeInteger(athleteId) || athleteId < 1) fields.athleteId = 'must be an athlete id';
    if (!Number.isSafeInteger(cardId) || cardId < 1) fields.cardId = 'must be a card id';
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 10) fields.quantity = 'must be between 1 and 10';
    if (!isValidEmail(email)) fields.email = 'must be a valid email';
    if (Object.keys(fields).length) throw new ValidationError(fields);
    const athlete = await dynamoCatalogReader.athlete(athleteId);
    if (!athlete) throw new NotFound(`Athlete ${athleteId}`);
    // Only cards fans can see are on sale (drafts and cards awaiting approval are not).
    const card = athlete.digitalcollectibles.find((c) => c.id === cardId && isPublic(c));
    if (!card) throw new NotFound(`Card ${cardId} of athlete ${athleteId}`);
    // What the storefront refuses: a retired, locked or sold-out card, a drop outside its window,
    // or more than is left.
    const view = cardView(card, await getSaleTotals(athleteId, { consistent: true }));
    if (isRetired(view)) throw new Conflict('This card is retired and no longer on sale');
    if (view.locked && view.unlock) {
      const quota = athlete.digitalcollectibles.find((c) => c.id === view.unlock!.cardId);
      throw new HttpError(409, 'card_locked', `This card is locked: ${unlockProgress(view.unlock, quota)}`);
    }
    // A moment drop sells during its window only, whatever its counts (decision 0022).
    if (view.drop && view.drop.phase === 'scheduled') throw new HttpError(409, 'drop_not_started', `This drop opens at ${view.drop.startsAt}`);
    if (view.drop && view.drop.phase !== 'live')
      throw new HttpError(
        409,
        'drop_closed',
        view.drop.printRun === null
          ? 'This drop has closed'
          : `This drop has closed: ${view.drop.printRun > 0 ? `print run ${view.drop.printRun.toLocaleString('en-US')}` : NO_COPIES_SOLD.toLowerCase()}`,
      );
    if (view.soldOut) throw new HttpError(409, 'sold_out', 'This card is sold out');
    if (view.remaining !== null && quantity > view.remaining)
      throw new HttpError(409, 'not_enough_left', `Only ${view.remaining} of this card ${view.remaining === 1 ? 'is' : 'are'} left`);

    const id = newShopifyId();
    const number = 1000 + Number(BigInt(id) % 9000n);
    const created = new Date();
    const paid = new Date(created.getTime() + 1000);
    const line = { id: newShopifyId(), productId: card.shopifyProductId, title: card.name, quantity, price: centsToDecimal(card.priceCents) };
    const secret = await webhookSecret();
    await deliver(
      webhookUrl,
      'orders/create',
      orderPayload({ id, number, createdAt: created.toISOString(), email, financialStatus: 'pending', lines: [line] }),
      secret,
    );
    await deliver(
      webhookUrl,
      'orders/paid',
      orderPayload({ id, number, createdAt: created.toISOString(), updatedAt: paid.toISOString(), email, financialStatus: 'paid', lines: [line] }),
      secret,
    );
    const response: CheckoutResponse = { orderId: id, orderName: `#${number}` };
    return json(201, response);
  },
});
