// GET /api/me/orders: the signed-in buyer's own orders. The email comes from the request's
// principal (API Gateway JWT claims); in demo/local mode without one, the demo buyer's.
import { indexCatalog } from '../../shared/catalog-types';
import { loadCatalog } from '../common/catalog-repo';
import { config } from '../common/config';
import { Unauthorized } from '../common/errors';
import type { Event } from '../common/http';
import { cursorParam, json, limitParam, routes } from '../common/http';
import { hashEmail } from '../common/ingest';
import { buyerOrders } from '../common/sales-repo';

export function buyerEmail(event: Event): string {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const email = claims?.email;
  if (typeof email === 'string' && email.includes('@') && claims?.email_verified !== 'false' && claims?.email_verified !== false) return email.toLowerCase();
  const { demoMode, demoBuyerEmail } = config();
  if (demoMode) return demoBuyerEmail;
  throw new Unauthorized();
}

export const handler = routes({
  'GET /api/me/orders': async (event) => {
    const email = buyerEmail(event);
    const limit = limitParam(event, 50, 100);
    const cursor = cursorParam(event);
    const index = indexCatalog(await loadCatalog());
    return json(200, await buyerOrders(hashEmail(email), index, limit, cursor));
  },
});
