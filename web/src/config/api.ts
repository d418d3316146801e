// Where the API lives (same origin, under /api) and the whole catalog's key. Kept apart from
// lib/api-client.ts and lib/catalog.ts so the route table can name a screen's first data without
// loading either.

export const API_BASE = '/api';

/** GET /api/catalog: athletes, schools, collectives and merch (lib/catalog.ts). */
export const CATALOG_KEY = '/catalog';
