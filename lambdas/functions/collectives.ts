// A collective's overview figures and its transaction feed.
import { loadCatalog } from '../common/catalog-repo';
import { requireCollective } from '../common/catalog-lookup';
import { collectiveStats, collectiveTransactions } from '../common/collective-repo';
import type { RouteHandler } from '../common/http';
import { cursorParam, intParam, json, limitParam, routes } from '../common/http';
import { cursorSpecs } from '../common/keys';
import { authorizeCollectiveRead } from '../common/tenancy';

const stats: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  await requireCollective(id);
  await authorizeCollectiveRead(event, id);
  return json(200, await collectiveStats(id));
};

const transactions: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const limit = limitParam(event, 25, 100);
  const cursor = cursorParam(event, cursorSpecs.collectiveTransactions(id));
  await requireCollective(id);
  await authorizeCollectiveRead(event, id);
  const athletes = new Map((await loadCatalog()).athletes.map((a) => [a.id, a]));
  return json(200, await collectiveTransactions(id, athletes, limit, cursor));
};

export const handler = routes({
  'GET /api/collectives/{id}/stats': stats,
  'GET /api/demo/collectives/{id}/stats': stats,
  'GET /api/collectives/{id}/transactions': transactions,
  'GET /api/demo/collectives/{id}/transactions': transactions,
});
