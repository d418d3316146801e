// The account's notification settings (GET and PUT /api/me/notification-preferences) and one-click
// unsubscribe from an email's link (POST /api/notifications/unsubscribe?r=&c=&t=, no sign-in).
import useSWR from 'swr';
import type { PreferencesRequest, PreferencesResponse, UnsubscribeResponse } from '@shared/notifications/notifications-api';
import { apiFetch, apiSend } from '@/lib/api-client';

export const PREFERENCES_PATH = '/me/notification-preferences';

export function usePreferences(signedIn: boolean) {
  return useSWR<PreferencesResponse>(signedIn ? PREFERENCES_PATH : null, (path: string) => apiFetch<PreferencesResponse>(path));
}

export const savePreferences = (request: PreferencesRequest) => apiSend<PreferencesResponse>(PREFERENCES_PATH, 'PUT', request);

export const unsubscribe = (query: string) => apiSend<UnsubscribeResponse>(`/notifications/unsubscribe?${query}`, 'POST');
