// GET /api/athletes/{id}/posts: an athlete's posts (newest first once sorted here).
import useSWR from 'swr';
import type { PostsResponse } from '@shared/sales/sales-api';
import { apiFetch } from '@/lib/api-client';

export const athletePostsKey = (athleteId: number | null) => (athleteId === null ? null : `/athletes/${athleteId}/posts`);

export const getAthletePosts = (path: string) => apiFetch<PostsResponse>(path);

export function useAthletePosts(athleteId: number | null) {
  return useSWR<PostsResponse>(athletePostsKey(athleteId), getAthletePosts);
}
