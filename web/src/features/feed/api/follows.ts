// What the signed-in fan follows (GET /api/me/follows) and following or unfollowing an athlete or a
// school (PUT and DELETE /api/me/follows/{kind}/{id}); both answer the list, which the cache takes.
import useSWR from 'swr';
import type { FollowKind, FollowsResponse } from '@shared/community/community-api';
import { apiFetch, apiSend } from '@/lib/api-client';

export const FOLLOWS_PATH = '/me/follows';

export function useFollows(signedIn: boolean) {
  return useSWR<FollowsResponse>(signedIn ? FOLLOWS_PATH : null, (path: string) => apiFetch<FollowsResponse>(path));
}

export const setFollow = (kind: FollowKind, id: number, on: boolean) => apiSend<FollowsResponse>(`${FOLLOWS_PATH}/${kind}/${id}`, on ? 'PUT' : 'DELETE');
