// DELETE /api/athletes/{id}/posts/{postId}: the post leaves the cached list.
import useSWRMutation from 'swr/mutation';
import type { PostsResponse } from '@shared/sales/sales-api';
import { apiSend } from '@/lib/api-client';
import { postsKey } from '@/features/athlete-panel/api/get-posts';

export const deletePost = (athleteId: number, postId: number) => apiSend<null>(`/athletes/${athleteId}/posts/${postId}`, 'DELETE');

export function useDeletePost(athleteId: number) {
  return useSWRMutation(
    postsKey(athleteId),
    async (_key: string, { arg }: { arg: { postId: number } }) => {
      await deletePost(athleteId, arg.postId);
      return arg.postId;
    },
    {
      populateCache: (postId: number, current?: PostsResponse) => ({ items: (current?.items ?? []).filter((p) => p.id !== postId) }),
      revalidate: true,
    },
  );
}
