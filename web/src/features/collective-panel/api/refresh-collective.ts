// What every settings write refreshes once the server has it: the collective's own reads (the
// collective, its members, stats, cards, invites, profile requests, payouts and the paged
// transaction feed: every key under /collectives/{id}, owner or demo twin) and the public athlete
// profiles the athlete view shows. Through the SWR config in use, so the cache the screens read
// is the one refreshed. useCollectiveWrite is a settings write followed by that refresh.
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';

const INFINITE = '$inf$';

export const isCollectiveKey = (collectiveId: number, key: unknown): boolean =>
  typeof key === 'string' && (new RegExp(`^(/demo)?/collectives/${collectiveId}(/|\\?|$)`).test(key) || /^\/athletes\/\d+$/.test(key));

export function useRefreshCollective(collectiveId: number): () => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async () => {
    // A filter never matches useSWRInfinite's lists (SWR skips `$inf$` keys there): those are
    // revalidated by their own key, which is `$inf$` and the first page's key.
    const lists = Array.from(cache.keys()).filter((key) => key.startsWith(INFINITE) && isCollectiveKey(collectiveId, key.slice(INFINITE.length)));
    await Promise.all([mutate((key) => isCollectiveKey(collectiveId, key)), ...lists.map((key) => mutate(key))]);
  }, [cache, mutate, collectiveId]);
}

/** A settings write as an SWR mutation under `key`: `write(arg)`, then the collective's reads
 * again once the server has it (useRefreshCollective); its answer is the mutation's. */
export function useCollectiveWrite<Arg, Result>(collectiveId: number, key: string, write: (arg: Arg) => Promise<Result>) {
  const refresh = useRefreshCollective(collectiveId);
  return useSWRMutation(
    key,
    async (_key: string, { arg }: { arg: Arg }) => {
      const result = await write(arg);
      await refresh();
      return result;
    },
    { revalidate: false },
  );
}
