// POST /api/athletes/{id}/posts: a new post, put at the top of the cached list at once, then the
// list is read again.
import useSWRMutation from 'swr/mutation';
import type { Post, PostsResponse } from '@shared/sales/sales-api';
import { apiSend } from '@/lib/api-client';
import { postsKey } from '@/features/athlete-panel/api/get-posts';

export const createPost = (athleteId: number, content: string) => apiSend<Post>(`/athletes/${athleteId}/posts`, 'POST', { content });

export function useCreatePost(athleteId: number) {
  return useSWRMutation(postsKey(athleteId), (_key: string, { arg }: { arg: { content: string } }) => createPost(athleteId, arg.content), {
    populateCache: (created: Post, current?: PostsResponse) => ({ items: [created, ...(current?.items ?? []).filter((p) => p.id !== created.id)] }),
    revalidate: true,
  });
}
