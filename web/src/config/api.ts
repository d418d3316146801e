// Where the API lives (same origin, under /api) and the one key every catalog screen reads. Kept
// apart from lib/api-client.ts and lib/catalog.ts so the route table can name the catalog as a
// screen's data without loading either.

export const API_BASE = '/api';

/** GET /api/catalog: athletes, schools, collectives and merch (lib/catalog.ts). */
export const CATALOG_KEY = '/catalog';
