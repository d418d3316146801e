// The buyer's own orders: GET /api/me/orders for the signed-in buyer (the verified email of the
// JWT claims) and GET /api/demo/me/orders for the demo buyer, without sign-in, in demo mode.
import { requireBuyerEmail } from '../common/auth';
import { config } from '../common/config';
import { NotFound } from '../common/errors';
import type { Event, RouteHandler } from '../common/http';
import { cursorParam, json, limitParam, routes } from '../common/http';
import { hashEmail } from '../common/buyers';
import { cursorSpecs } from '../common/keys';
import { buyerOrders } from '../common/sales-repo';

const ordersOf =
  (emailOf: (event: Event) => string): RouteHandler =>
  async (event) => {
    const buyerKey = hashEmail(emailOf(event));
    const limit = limitParam(event, 50, 100);
    const cursor = cursorParam(event, cursorSpecs.buyerOrders(buyerKey));
    return json(200, await buyerOrders(buyerKey, limit, cursor));
  };

function demoBuyerEmail(): string {
  const { demoMode, demoBuyerEmail: email } = config();
  if (!demoMode) throw new NotFound('Demo');
  return email;
}

export const handler = routes({
  'GET /api/me/orders': ordersOf(requireBuyerEmail),
  'GET /api/demo/me/orders': ordersOf(demoBuyerEmail),
});
