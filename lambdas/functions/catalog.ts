// GET /api/catalog: athletes with cards, schools, collectives and merch (one Query).
import { loadCatalog } from '../common/catalog-repo';
import { json, routes } from '../common/http';

export const handler = routes({
  'GET /api/catalog': async () => json(200, await loadCatalog(), { 'cache-control': 'public, max-age=15' }),
});
