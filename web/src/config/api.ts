// Where the API lives (same origin, under /api). Kept apart from lib/api-client.ts so the route
// table can name a screen's first data without loading it.

export const API_BASE = '/api';
