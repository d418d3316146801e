// An athlete's sale lines, figures and donations.
import { getAthleteDonations } from '../common/athlete-repo';
import { requireAthlete } from '../common/catalog-lookup';
import type { RouteHandler } from '../common/http';
import { cursorParam, intParam, json, limitParam, routes } from '../common/http';
import { athleteSales, athleteStats } from '../common/sales-repo';
import { authorizeAthleteRead } from '../common/tenancy';

const orders: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const limit = limitParam(event, 20, 100);
  const cursor = cursorParam(event);
  await requireAthlete(id);
  await authorizeAthleteRead(event, id);
  return json(200, await athleteSales(id, limit, cursor));
};

const donations: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  await requireAthlete(id);
  await authorizeAthleteRead(event, id);
  return json(200, await getAthleteDonations(id));
};

export const handler = routes({
  'GET /api/athletes/{id}/orders': orders,
  'GET /api/demo/athletes/{id}/orders': orders,
  'GET /api/athletes/{id}/donations': donations,
  'GET /api/demo/athletes/{id}/donations': donations,
  'GET /api/athletes/{id}/stats': async (event) => {
    const id = intParam(event, 'id');
    await requireAthlete(id);
    return json(200, await athleteStats(id));
  },
});
