// The signed-in account's notices (GET /api/me/notifications, a page at a time) and "seen"
// (POST /api/me/notifications/seen). The bell reads the first page every minute while the tab is
// open, so a notice arrives without a reload; a null key (signed out) reads nothing.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { NotificationsResponse } from '@shared/notifications/notifications-api';
import { apiFetch, apiSend } from '@/lib/api-client';

export const NOTIFICATIONS_PATH = '/me/notifications';
export const BELL_REFRESH_MS = 60_000;

const pagePath = (cursor: string | null, limit: number) => `${NOTIFICATIONS_PATH}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** The first page and the unread count (the bell). */
export function useBell(signedIn: boolean) {
  return useSWR<NotificationsResponse>(signedIn ? pagePath(null, 10) : null, (path: string) => apiFetch<NotificationsResponse>(path), {
    refreshInterval: BELL_REFRESH_MS,
    revalidateOnFocus: true,
  });
}

/** Every notice, a page at a time (the notifications page). */
export function useNotificationPages(signedIn: boolean) {
  return useSWRInfinite<NotificationsResponse>(
    (_index, previous: NotificationsResponse | null) => (!signedIn || (previous && !previous.nextCursor) ? null : pagePath(previous?.nextCursor ?? null, 20)),
    (path: string) => apiFetch<NotificationsResponse>(path),
  );
}

/** Every notice up to `upTo` (the newest shown) is read. */
export const markSeen = (upTo: string) => apiSend<{ unread: number }>(`${NOTIFICATIONS_PATH}/seen`, 'POST', { upTo });
