// PUT /api/athletes/{id}/posts/{postId}: an edited post replaces its old version in the cached list.
import useSWRMutation from 'swr/mutation';
import type { Post, PostsResponse } from '@shared/sales/sales-api';
import { apiSend } from '@/lib/api-client';
import { postsKey } from '@/features/athlete-panel/api/get-posts';

export const updatePost = (athleteId: number, postId: number, content: string) => apiSend<Post>(`/athletes/${athleteId}/posts/${postId}`, 'PUT', { content });

export function useUpdatePost(athleteId: number) {
  return useSWRMutation(
    postsKey(athleteId),
    (_key: string, { arg }: { arg: { postId: number; content: string } }) => updatePost(athleteId, arg.postId, arg.content),
    {
      populateCache: (updated: Post, current?: PostsResponse) => ({ items: (current?.items ?? []).map((p) => (p.id === updated.id ? updated : p)) }),
      revalidate: true,
    },
  );
}
