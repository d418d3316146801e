// How fresh catalog answers are, in one place (docs/API.md "Catalog and search at scale" states the bounds):
// - owner answers (a collective's members, its school and merch) are `no-store` and read with
//   strongly consistent reads, and no function caches them: a collective sees its own edit on its
//   next read;
// - public answers carry `cache-control: public, max-age=20` (browsers; CloudFront does not cache
//   /api) and are read eventually consistently (DynamoDB: typically well under a second);
// - the search function's in-memory index checks the snapshot's manifest at most every 5 s.
// So anyone else sees an edit within 20 s + 5 s + replication, stated as 30 s.
export const PUBLIC_MAX_AGE_SECONDS = 20;
export const SEARCH_REFRESH_MS = 5_000;
export const PUBLIC_STALENESS_BOUND_SECONDS = 30;

export const publicCache = (): Record<string, string> => ({ 'cache-control': `public, max-age=${PUBLIC_MAX_AGE_SECONDS}` });

let lastWrite = 0;

/** A catalog write in this process: caches older than it are not used again (the writer's own
 * next read is fresh; in local mode, where every handler shares one process, everyone's is). */
export function catalogWritten(): void {
  lastWrite = Date.now();
}

/** Whether something cached at `at` may still be served (no catalog write in this process since). */
export const cachedSinceLastWrite = (at: number): boolean => at > lastWrite;
