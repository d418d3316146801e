// The community function (issue 26 items 1 to 3; docs/API.md "Community"): a fan's display name and
// collector profile, the public collector pages, the leaderboards of athletes, sets and schools,
// follows and the feed. A fan is the signed-in account's verified email (its buyer key).
import { validateProfile } from '#shared/community/display-names';
import { getAthlete, getSchool } from '#lambdas/catalog/catalog-repo';
import { topFanSetsOf } from '#shared/cards/sets';
import { requireBuyerEmail } from '#lambdas/platform/auth';
import { NotFound, validOrThrow } from '#lambdas/platform/errors';
import { intParam, json, jsonBody, routes, type Event } from '#lambdas/platform/http';
import { dynamoStore } from '#lambdas/platform/store';
import { hashEmail } from '#lambdas/identity/buyers';
import { myProfile, saveProfile } from '#lambdas/identity/display-names';
import { collectorProfile } from './collectors';
import { follows } from './follows';
import { leaderboard } from './leaderboards';

const noStore = { 'cache-control': 'no-store' };
/** Public answers, as the catalog's: 20 s in the browser and CloudFront. */
const publicCache = { 'cache-control': 'public, max-age=20' };
const fan = (event: Event) => hashEmail(requireBuyerEmail(event));
const query = (event: Event, name: string) => event.queryStringParameters?.[name] || undefined;
const repo = follows(dynamoStore);

function followKind(event: Event): 'athlete' | 'school' {
  const kind = event.pathParameters?.kind;
  if (kind !== 'athlete' && kind !== 'school') throw new NotFound('Follow');
  return kind;
}

export const handler = routes({
  'GET /api/me/profile': async (event) => json(200, await myProfile(dynamoStore, fan(event)), noStore),
  'PUT /api/me/profile': async (event) => {
    const buyerKey = fan(event);
    return json(200, await saveProfile(dynamoStore, buyerKey, validOrThrow(validateProfile(jsonBody(event)))), noStore);
  },
  'GET /api/collectors/{name}': async (event) => {
    const name = decodeURIComponent(event.pathParameters?.name ?? '');
    const profile = await collectorProfile(name, query(event, 'cursor'));
    if (!profile) throw new NotFound('Collector');
    return json(200, profile, publicCache);
  },
  'GET /api/athletes/{id}/leaderboard': async (event) => {
    const id = intParam(event, 'id');
    const setParam = query(event, 'set');
    // The athlete's total has the board's count; its cards and sets only matter for a set's board.
    const athlete = await getAthlete(id);
    if (!athlete) throw new NotFound(`Athlete ${id}`);
    if (setParam === undefined) return json(200, await leaderboard({ kind: 'athlete', athleteId: athlete.id }), publicCache);
    const set = (athlete.sets ?? []).find((s) => String(s.id) === setParam && s.closedAt !== null);
    // An athlete without sets: its one set is every card on sale (what makes a Top Fan).
    const cardIds = set ? set.cardIds : setParam === 'all' && !athlete.sets?.length ? (topFanSetsOf(athlete)[0] ?? []) : null;
    if (!cardIds?.length) throw new NotFound('Set');
    return json(200, await leaderboard({ kind: 'set', athleteId: athlete.id, cardIds }, set ? { id: set.id, name: set.name } : null), publicCache);
  },
  'GET /api/schools/{id}/leaderboard': async (event) => {
    const id = intParam(event, 'id');
    if (!(await getSchool(id))) throw new NotFound(`School ${id}`);
    return json(200, await leaderboard({ kind: 'school', schoolId: id }), publicCache);
  },
  'GET /api/me/follows': async (event) => json(200, await repo.list(fan(event)), noStore),
  'PUT /api/me/follows/{kind}/{id}': async (event) => json(200, await repo.add(fan(event), followKind(event), intParam(event, 'id')), noStore),
  'DELETE /api/me/follows/{kind}/{id}': async (event) => json(200, await repo.remove(fan(event), followKind(event), intParam(event, 'id')), noStore),
  'GET /api/me/feed': async (event) => json(200, await repo.feed(fan(event), query(event, 'cursor')), noStore),
});
