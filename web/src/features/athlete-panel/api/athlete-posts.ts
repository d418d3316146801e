// GET|POST /api/athletes/{id}/posts and PUT|DELETE /api/athletes/{id}/posts/{postId}.
// The key is the same path the public media page reads, so both share one SWR cache entry.
import useSWR from 'swr';
import type { Post, PostsResponse } from '@shared/api';
import { apiFetch, apiSend } from '@/lib/api-client';

export const postsKey = (athleteId: number | null) => (athleteId === null ? null : `/athletes/${athleteId}/posts`);

export function usePosts(athleteId: number | null) {
  return useSWR<PostsResponse>(postsKey(athleteId), (path: string) => apiFetch<PostsResponse>(path));
}

export const createPost = (athleteId: number, content: string) => apiSend<Post>(`/athletes/${athleteId}/posts`, 'POST', { content });
export const updatePost = (athleteId: number, postId: number, content: string) => apiSend<Post>(`/athletes/${athleteId}/posts/${postId}`, 'PUT', { content });
export const deletePost = (athleteId: number, postId: number) => apiSend<null>(`/athletes/${athleteId}/posts/${postId}`, 'DELETE');

/** Newest first: by date, then by id (ids grow with time). */
export function newestFirst(posts: Post[]): Post[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
}
