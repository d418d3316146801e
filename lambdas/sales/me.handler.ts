// The buyer's own orders and collection: GET /api/me/orders and /api/me/collection for the
// signed-in buyer (the verified email of the JWT claims), and their /api/demo/me/... twins for the
// demo buyer, without sign-in, in demo mode.
import { requireBuyerEmail } from '#lambdas/platform/auth';
import { config } from '#lambdas/platform/config';
import { BadRequest, NotFound } from '#lambdas/platform/errors';
import type { Event, RouteHandler } from '#lambdas/platform/http';
import { cursorParam, json, limitParam, routes } from '#lambdas/platform/http';
import { hashEmail } from '#lambdas/identity/buyers';
import { cursorSpecs } from '#lambdas/platform/keys';
import { buyerOrders } from './sales-repo';
import { COLLECTION_PAGE, buyerCollection } from './collection-repo';
import { orderReveal } from './card-page-repo';

const ordersOf =
  (emailOf: (event: Event) => string): RouteHandler =>
  async (event) => {
    const buyerKey = hashEmail(emailOf(event));
    const limit = limitParam(event, 50, 100);
    const cursor = cursorParam(event, cursorSpecs.buyerOrders(buyerKey));
    return json(200, await buyerOrders(buyerKey, limit, cursor));
  };

const collectionOf =
  (emailOf: (event: Event) => string): RouteHandler =>
  async (event) => {
    const buyerKey = hashEmail(emailOf(event));
    const limit = limitParam(event, COLLECTION_PAGE, COLLECTION_PAGE);
    const cursor = cursorParam(event, cursorSpecs.buyerCollection(buyerKey));
    return json(200, await buyerCollection(buyerKey, limit, cursor), { 'cache-control': 'no-store' });
  };

/** GET .../me/orders/{orderId}: the buyer's order and the serials it got (404 for anyone else's: its existence is not told). */
const orderOf =
  (emailOf: (event: Event) => string): RouteHandler =>
  async (event) => {
    const buyerKey = hashEmail(emailOf(event));
    const orderId = event.pathParameters?.orderId ?? '';
    if (!/^\d{1,30}$/.test(orderId)) throw new BadRequest("'orderId' must be an order id", { orderId: 'must be an order id' });
    const reveal = await orderReveal(buyerKey, orderId);
    if (!reveal) throw new NotFound(`Order ${orderId}`);
    return json(200, reveal, { 'cache-control': 'no-store' });
  };

function demoBuyerEmail(): string {
  const { demoMode, demoBuyerEmail: email } = config();
  if (!demoMode) throw new NotFound('Demo');
  return email;
}

export const handler = routes({
  'GET /api/me/orders': ordersOf(requireBuyerEmail),
  'GET /api/demo/me/orders': ordersOf(demoBuyerEmail),
  'GET /api/me/collection': collectionOf(requireBuyerEmail),
  'GET /api/demo/me/collection': collectionOf(demoBuyerEmail),
  'GET /api/me/orders/{orderId}': orderOf(requireBuyerEmail),
  'GET /api/demo/me/orders/{orderId}': orderOf(demoBuyerEmail),
});
