// The operators' console: GET /api/operator/unattributed (the platform inbox, paged by cursor),
// GET /api/operator/collectives (where a line can go) and POST /api/operator/unattributed/route.
// Sending a line is accepted at once (202) and applied by the settle step a moment later, so the
// inbox is read again at once and once more after SETTLE_DELAY_MS.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import type { OperatorCollectivesResponse, PlatformInboxResponse, RouteUnattributedRequest } from '@shared/operator/operator-api';
import { apiFetch, apiSend } from '@/lib/api-client';

export const INBOX_PAGE = 25;
export const SETTLE_DELAY_MS = 1500;

const inboxKey = (cursor?: string | null) => `/operator/unattributed?limit=${INBOX_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

export function usePlatformInbox() {
  return useSWRInfinite<PlatformInboxResponse>(
    (index, previous: PlatformInboxResponse | null) => (index === 0 ? inboxKey() : previous?.nextCursor ? inboxKey(previous.nextCursor) : null),
    (path: string) => apiFetch<PlatformInboxResponse>(path),
    { revalidateFirstPage: true },
  );
}

export function useOperatorCollectives() {
  return useSWR<OperatorCollectivesResponse>('/operator/collectives', (path: string) => apiFetch<OperatorCollectivesResponse>(path));
}

/** Sends a line to a collective; `refresh` reads the inbox again (at once and once settled). */
export function useRouteLine(refresh: () => Promise<unknown>) {
  return useSWRMutation('/operator/unattributed/route', async (_key: string, { arg }: { arg: RouteUnattributedRequest }) => {
    const answer = await apiSend<{ ok: boolean; outcome: string }>('/operator/unattributed/route', 'POST', arg);
    await refresh();
    setTimeout(() => void refresh().catch(() => undefined), SETTLE_DELAY_MS);
    return answer;
  });
}
