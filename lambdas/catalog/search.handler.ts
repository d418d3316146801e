// GET /api/search: athletes by name, school, sport, position or jersey number and schools by name
// (SPEC section 5: case-insensitive substring; issue 24), paginated, with the catalog's sports and
// their counts (the page's filters), from the index this function holds in memory
// (lambdas/catalog/search-index.ts) and the page's athletes' profiles. `type=athletes` or `type=schools` with a cursor loads more of one list.
import type { SearchResponse } from '#shared/catalog/catalog-api';
import { schoolSummary } from '#shared/catalog/catalog-types';
import { publicCache } from '#lambdas/platform/cache-policy';
import { BadRequest } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';
import { json, limitParam, routes } from '#lambdas/platform/http';
import { searchIndex, summariesOf } from './search-index';

export const QUERY_MAX_LENGTH = 100;

type SearchType = 'all' | 'athletes' | 'schools';

function typeParam(event: Event): SearchType {
  const raw = event.queryStringParameters?.type ?? 'all';
  if (raw !== 'all' && raw !== 'athletes' && raw !== 'schools')
    throw new BadRequest("'type' must be all, athletes or schools", { type: 'must be all, athletes or schools' });
  return raw;
}

/** A search cursor: the id to continue after, for one list. */
function cursorOf(event: Event, type: SearchType): number | null {
  const raw = event.queryStringParameters?.cursor;
  if (!raw) return null;
  const invalid = () => new BadRequest("'cursor' is not valid", { cursor: 'is not valid' });
  if (type === 'all' || raw.length > 64 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const after = (value as { after?: unknown } | null)?.after;
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 1 || typeof after !== 'number' || !Number.isSafeInteger(after) || after < 0)
    throw invalid();
  return after;
}

const encode = (after: number | null) => (after === null ? null : Buffer.from(JSON.stringify({ after }), 'utf8').toString('base64url'));
const empty = { items: [], nextCursor: null, total: 0, totalIsCapped: false };

export const handler = routes({
  'GET /api/search': async (event) => {
    const query = event.queryStringParameters?.query ?? '';
    if (query.length > QUERY_MAX_LENGTH)
      throw new BadRequest(`'query' must be at most ${QUERY_MAX_LENGTH} characters`, { query: `must be at most ${QUERY_MAX_LENGTH} characters` });
    const type = typeParam(event);
    const limit = limitParam(event, 24, 48);
    const after = cursorOf(event, type);
    const search = await searchIndex();
    const athletes = type === 'schools' ? null : search.engine.searchAthletes(query, { after, limit });
    const schools = type === 'athletes' ? null : search.engine.searchSchools(query, { after, limit });
    const body: SearchResponse = {
      query,
      athletes: athletes
        ? {
            items: await summariesOf(search, athletes.items),
            nextCursor: encode(athletes.nextAfter),
            total: athletes.total,
            totalIsCapped: athletes.totalIsCapped,
          }
        : empty,
      schools: schools ? { items: schools.items.map(schoolSummary), nextCursor: encode(schools.nextAfter), total: schools.total, totalIsCapped: false } : empty,
      ...(type === 'all' ? { sports: search.engine.sportCounts() } : {}),
    };
    return json(200, body, publicCache());
  },
});
