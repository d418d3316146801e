// The buyer's own orders: GET /api/me/orders for the signed-in buyer (the verified email of the
// JWT claims) and GET /api/demo/me/orders for the demo buyer, without sign-in, in demo mode.
import { indexCatalog } from '../../shared/catalog-types';
import { requireBuyerEmail } from '../common/auth';
import { loadCatalog } from '../common/catalog-repo';
import { config } from '../common/config';
import { NotFound } from '../common/errors';
import type { Event, RouteHandler } from '../common/http';
import { cursorParam, json, limitParam, routes } from '../common/http';
import { hashEmail } from '../common/ingest';
import { buyerOrders } from '../common/sales-repo';

const ordersOf =
  (emailOf: (event: Event) => string): RouteHandler =>
  async (event) => {
    const email = emailOf(event);
    const limit = limitParam(event, 50, 100);
    const cursor = cursorParam(event);
    const index = indexCatalog(await loadCatalog());
    return json(200, await buyerOrders(hashEmail(email), index, limit, cursor));
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
