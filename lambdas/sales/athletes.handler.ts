// An athlete's sale lines, figures (all time and monthly; by day for the last 7 or 30 days) and the
// donations allocated to it.
import { getAthleteDonations } from './athlete-repo';
import { athleteDaily } from './daily';
import { daysParam } from './days-param';
import { dynamoStore } from '#lambdas/platform/store';
import { requireAthlete } from '#lambdas/catalog/catalog-lookup';
import type { RouteHandler } from '#lambdas/platform/http';
import { publicCache } from '#lambdas/platform/cache-policy';
import { cursorParam, intParam, json, limitParam, routes } from '#lambdas/platform/http';
import { athleteSales, athleteStats } from './sales-repo';
import { cursorSpecs } from '#lambdas/platform/keys';
import { authorizeAthleteRead, isDemoRoute } from '#lambdas/catalog/tenancy';
import { cardSales } from './card-page-repo';

const orders: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const limit = limitParam(event, 20, 100);
  const cursor = cursorParam(event, cursorSpecs.athleteSales(id));
  await requireAthlete(id);
  await authorizeAthleteRead(event, id);
  // The public demo shows buyers by pseudonym; the athlete's (or its collective's) own panel by
  // the part of the email before '@'.
  return json(200, await athleteSales(id, limit, cursor, isDemoRoute(event) ? 'public' : 'owner'));
};

const donations: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const athlete = await requireAthlete(id);
  await authorizeAthleteRead(event, id);
  return json(200, await getAthleteDonations(id, athlete.collectiveId));
};

const daily: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const days = daysParam(event);
  await requireAthlete(id);
  await authorizeAthleteRead(event, id);
  return json(200, await athleteDaily(dynamoStore, id, days));
};

export const handler = routes({
  'GET /api/athletes/{id}/daily': daily,
  'GET /api/demo/athletes/{id}/daily': daily,
  'GET /api/athletes/{id}/orders': orders,
  'GET /api/demo/athletes/{id}/orders': orders,
  'GET /api/athletes/{id}/donations': donations,
  'GET /api/demo/athletes/{id}/donations': donations,
  'GET /api/athletes/{id}/cards/{cardId}/sales': async (event) => {
    const id = intParam(event, 'id');
    const cardId = intParam(event, 'cardId');
    await requireAthlete(id);
    return json(200, await cardSales(id, cardId), publicCache());
  },
  'GET /api/athletes/{id}/stats': async (event) => {
    const id = intParam(event, 'id');
    await requireAthlete(id);
    return json(200, await athleteStats(id));
  },
});
