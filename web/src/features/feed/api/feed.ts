// The signed-in fan's feed: news of the athletes and schools they follow, newest first, a page at a
// time (GET /api/me/feed). Read again when the tab comes back into view.
import useSWRInfinite from 'swr/infinite';
import type { FeedResponse } from '@shared/community/community-api';
import { apiFetch } from '@/lib/api-client';

export const FEED_PATH = '/me/feed';

export function useFeed(signedIn: boolean) {
  return useSWRInfinite<FeedResponse>(
    (_index, previous: FeedResponse | null) =>
      !signedIn || (previous && !previous.nextCursor)
        ? null
        : `${FEED_PATH}${previous?.nextCursor ? `?cursor=${encodeURIComponent(previous.nextCursor)}` : ''}`,
    (path: string) => apiFetch<FeedResponse>(path),
    { revalidateOnFocus: true },
  );
}
