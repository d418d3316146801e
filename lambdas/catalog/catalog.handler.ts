// The public catalog, by entity: each answer a GetItem or a few bounded Queries, whatever the
// catalog holds (docs/API.md). GET /api/catalog stays for small deployments and tools (bounded).
import type { AthletesResponse, RelatedAthletesResponse, SchoolMerchResponse } from '#shared/catalog/catalog-api';
import { publicCache } from '#lambdas/platform/cache-policy';
import { requireAthlete } from './catalog-lookup';
import { LIMITS, athleteProfile, featured, getSchool, loadCatalog, relatedAthletes, schoolMerch, schoolPage, sportRoster } from './catalog-repo';
import { BadRequest, NotFound } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';
import { cursorParam, intParam, json, limitParam, routes } from '#lambdas/platform/http';
import { cursorSpecs } from '#lambdas/platform/keys';
import { storefront } from './storefront-repo';

/** At most this many ids per GET /api/athletes?ids= (a buyer's collection reads its athletes in pages). */
export const MAX_IDS = 24;

function textParam(event: Event, name: string, max: number): string | undefined {
  const raw = event.queryStringParameters?.[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > max) throw new BadRequest(`'${name}' must be at most ${max} characters`, { [name]: `must be at most ${max} characters` });
  return raw.trim();
}

function idsParam(event: Event): number[] {
  const raw = event.queryStringParameters?.ids ?? '';
  const parts = raw.split(',').filter(Boolean);
  const message = `must be 1 to ${MAX_IDS} athlete ids separated by commas`;
  if (parts.length === 0 || parts.length > MAX_IDS || parts.some((p) => !/^\d{1,9}$/.test(p) || Number(p) < 1))
    throw new BadRequest(`'ids' ${message}`, { ids: message });
  return [...new Set(parts.map(Number))];
}

function sportParam(event: Event): string {
  const sport = event.pathParameters?.sport?.trim() ?? '';
  if (!sport || sport.length > 40) throw new BadRequest("'sport' must be a sport's name", { sport: "must be a sport's name" });
  return sport;
}

export const handler = routes({
  'GET /api/catalog': async () => json(200, await loadCatalog(), publicCache()),
  'GET /api/featured': async () => json(200, await featured(), publicCache()),
  'GET /api/storefront': async () => json(200, await storefront(), publicCache()),
  'GET /api/athletes': async (event) => {
    const ids = idsParam(event);
    const found = await Promise.all(ids.map((id) => athleteProfile(id)));
    const body: AthletesResponse = { items: found.filter((a) => a !== null) };
    return json(200, body, publicCache());
  },
  'GET /api/athletes/{id}': async (event) => {
    const id = intParam(event, 'id');
    const profile = await athleteProfile(id);
    if (!profile) throw new NotFound(`Athlete ${id}`);
    return json(200, profile, publicCache());
  },
  'GET /api/athletes/{id}/related': async (event) => {
    const id = intParam(event, 'id');
    const limit = limitParam(event, LIMITS.related, 24);
    const athlete = await requireAthlete(id);
    const body: RelatedAthletesResponse = { items: await relatedAthletes(athlete, limit) };
    return json(200, body, publicCache());
  },
  'GET /api/schools/{id}': async (event) => {
    const id = intParam(event, 'id');
    const page = await schoolPage(id);
    if (!page) throw new NotFound(`School ${id}`);
    return json(200, page, publicCache());
  },
  'GET /api/schools/{id}/merch': async (event) => {
    const id = intParam(event, 'id');
    if (!(await getSchool(id))) throw new NotFound(`School ${id}`);
    const body: SchoolMerchResponse = { items: await schoolMerch(id) };
    return json(200, body, publicCache());
  },
  'GET /api/schools/{id}/sports/{sport}/athletes': async (event) => {
    const id = intParam(event, 'id');
    const sport = sportParam(event);
    const limit = limitParam(event, 24, LIMITS.rosterPage);
    const cursor = cursorParam(event, cursorSpecs.roster(id, sport));
    const roster = await sportRoster(id, sport, { position: textParam(event, 'position', 40), query: textParam(event, 'query', 80), limit, cursor });
    if (!roster) throw new NotFound(`School ${id}`);
    return json(200, roster, publicCache());
  },
});
