// Route ids and the shared load-error text. GET /api/catalog (the whole catalog) is for small
// deployments and tools only (413 catalog_too_large beyond 100 athletes): no screen reads it; each
// reads the per-entity routes (lib/athlete-profile.ts and each feature's api/ files).

/** Parses a route id; anything that is not a positive integer is unknown. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const CATALOG_ERROR = 'Failed to load the catalog. Please try again later.';
