// A collective's overview figures and its transaction feed.
import { loadCatalog } from '../common/catalog-repo';
import { requireCollective } from '../common/catalog-lookup';
import { collectiveStats, collectiveTransactions } from '../common/collective-repo';
import { cursorParam, intParam, json, limitParam, routes } from '../common/http';

export const handler = routes({
  'GET /api/collectives/{id}/stats': async (event) => {
    const id = intParam(event, 'id');
    return json(200, await collectiveStats(id));
  },
  'GET /api/collectives/{id}/transactions': async (event) => {
    const id = intParam(event, 'id');
    const limit = limitParam(event, 25, 100);
    const cursor = cursorParam(event);
    await requireCollective(id);
    const athletes = new Map((await loadCatalog()).athletes.map((a) => [a.id, a]));
    return json(200, await collectiveTransactions(id, athletes, limit, cursor));
  },
});
