// An athlete's sale lines, figures and donations.
import { getAthleteDonations } from '../common/athlete-repo';
import { requireAthlete } from '../common/catalog-lookup';
import { cursorParam, intParam, json, limitParam, routes } from '../common/http';
import { athleteSales, athleteStats } from '../common/sales-repo';

export const handler = routes({
  'GET /api/athletes/{id}/orders': async (event) => {
    const id = intParam(event, 'id');
    const limit = limitParam(event, 20, 100);
    const cursor = cursorParam(event);
    await requireAthlete(id);
    return json(200, await athleteSales(id, limit, cursor));
  },
  'GET /api/athletes/{id}/stats': async (event) => {
    const id = intParam(event, 'id');
    await requireAthlete(id);
    return json(200, await athleteStats(id));
  },
  'GET /api/athletes/{id}/donations': async (event) => {
    const id = intParam(event, 'id');
    await requireAthlete(id);
    return json(200, await getAthleteDonations(id));
  },
});
