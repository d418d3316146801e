// The signed-in fan's display name and collector profile switch (GET and PUT /api/me/profile).
import useSWR from 'swr';
import type { MyProfile, ProfileRequest } from '@shared/community/display-names';
import { apiFetch, apiSend } from '@/lib/api-client';

export const MY_PROFILE_PATH = '/me/profile';

export function useMyProfile(signedIn: boolean) {
  return useSWR<MyProfile>(signedIn ? MY_PROFILE_PATH : null, (path: string) => apiFetch<MyProfile>(path));
}

export const saveMyProfile = (request: ProfileRequest) => apiSend<MyProfile>(MY_PROFILE_PATH, 'PUT', request);
