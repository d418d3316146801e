// A collective's overview figures (and by day, daily.ts), its transaction feed, and its catalog as its dashboard shows
// it: members (paginated) and its school with merch. Owner answers are `no-store` and read with
// consistent reads, so a collective sees its own edits on its next read.
import type { CollectiveResponse } from '#shared/catalog/catalog-api';
import { requireCollective } from '#lambdas/catalog/catalog-lookup';
import { LIMITS, collectiveMembers, getSchool, memberNames, schoolMerch } from '#lambdas/catalog/catalog-repo';
import { collectiveStats, collectiveTransactions } from './collective-repo';
import { collectiveDaily } from './daily';
import { daysParam } from './days-param';
import { dynamoStore } from '#lambdas/platform/store';
import { BadRequest, NotFound } from '#lambdas/platform/errors';
import type { Event, RouteHandler } from '#lambdas/platform/http';
import { cursorParam, intParam, json, limitParam, routes } from '#lambdas/platform/http';
import { cursorSpecs } from '#lambdas/platform/keys';
import { authorizeCollectiveRead } from '#lambdas/catalog/tenancy';

const stats: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  await requireCollective(id);
  await authorizeCollectiveRead(event, id);
  return json(200, await collectiveStats(id));
};

/** The sales and donations of the last 7 or 30 days, by UTC day (the Overview chart's short ranges). */
const daily: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const days = daysParam(event);
  await requireCollective(id);
  await authorizeCollectiveRead(event, id);
  return json(200, await collectiveDaily(dynamoStore, id, days));
};

const transactions: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const limit = limitParam(event, 25, 100);
  const cursor = cursorParam(event, cursorSpecs.collectiveTransactions(id));
  await requireCollective(id);
  await authorizeCollectiveRead(event, id);
  // Names of the athletes the feed shows (sales and payouts of the collective's members).
  return json(200, await collectiveTransactions(id, await memberNames(id), limit, cursor));
};

function textParam(event: Event, name: string, max: number): string | undefined {
  const raw = event.queryStringParameters?.[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > max) throw new BadRequest(`'${name}' must be at most ${max} characters`, { [name]: `must be at most ${max} characters` });
  return raw.trim();
}

const members: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const limit = limitParam(event, 50, LIMITS.membersPage);
  const cursor = cursorParam(event, cursorSpecs.collectiveMembers(id));
  await requireCollective(id, { consistent: true });
  await authorizeCollectiveRead(event, id);
  const query = textParam(event, 'query', 80);
  const sport = textParam(event, 'sport', 40);
  // The first page of an unfiltered read also names every sport of the members (the sport filter
  // of Athletes Management offers those, whatever page holds them).
  const withSports = !cursor && !query && !sport;
  return json(200, await collectiveMembers(id, { limit, cursor, query, sport, consistent: true, withSports }));
};

const collective: RouteHandler = async (event) => {
  const id = intParam(event, 'id');
  const found = await requireCollective(id, { consistent: true });
  await authorizeCollectiveRead(event, id);
  const [school, merch] = await Promise.all([getSchool(found.schoolId, { consistent: true }), schoolMerch(found.schoolId, { consistent: true })]);
  if (!school) throw new NotFound(`School ${found.schoolId}`);
  const body: CollectiveResponse = { collective: found, school, merch };
  return json(200, body);
};

export const handler = routes({
  'GET /api/collectives/{id}/stats': stats,
  'GET /api/demo/collectives/{id}/stats': stats,
  'GET /api/collectives/{id}/daily': daily,
  'GET /api/demo/collectives/{id}/daily': daily,
  'GET /api/collectives/{id}/transactions': transactions,
  'GET /api/demo/collectives/{id}/transactions': transactions,
  'GET /api/collectives/{id}/members': members,
  'GET /api/demo/collectives/{id}/members': members,
  'GET /api/collectives/{id}': collective,
  'GET /api/demo/collectives/{id}': collective,
});
