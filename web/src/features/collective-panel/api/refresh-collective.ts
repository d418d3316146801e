// What every settings write refreshes once the server has it: the collective's own reads (the
// collective, its members, stats, cards, invites, profile requests and payouts: every key under
// /collectives/{id}, owner or demo twin) and the public athlete profiles the athlete view shows.
// Through the SWR config in use, so the cache the screens read is the one refreshed.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

export const isCollectiveKey = (collectiveId: number, key: unknown): boolean =>
  typeof key === 'string' && (new RegExp(`^(/demo)?/collectives/${collectiveId}(/|\\?|$)`).test(key) || /^\/athletes\/\d+$/.test(key));

export function useRefreshCollective(collectiveId: number): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => isCollectiveKey(collectiveId, key));
  }, [mutate, collectiveId]);
}
