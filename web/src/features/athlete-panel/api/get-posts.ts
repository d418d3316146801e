// GET /api/athletes/{id}/posts: the athlete's posts. The key is the same path the public media
// page reads, so both share one SWR cache entry; the writes (create-post.ts, update-post.ts,
// delete-post.ts) update that entry themselves.
import useSWR from 'swr';
import type { Post, PostsResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export const postsKey = (athleteId: number | null) => (athleteId === null ? null : `/athletes/${athleteId}/posts`);

export function usePosts(athleteId: number | null) {
  return useSWR<PostsResponse>(postsKey(athleteId), (path: string) => apiFetch<PostsResponse>(path));
}

/** Newest first: by date, then by id (ids grow with time). */
export function newestFirst(posts: Post[]): Post[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}
