// A collective's public support page: GET /api/support/{id} (what it offers, whether it is open),
// POST /api/support/{id}/checkout (a gift or membership -> the Stripe Checkout page to go to) and
// GET /api/support/{id}/checkouts/{sessionId} (the thank-you state when Stripe sends the donor back).
import useSWR from 'swr';
import type { CheckoutResultResponse, GiveRequest, GiveResponse, SupportPageResponse } from '@shared/payments/support-api';
import { apiFetch, apiSendOnce } from '@/lib/api-client';

export const supportKey = (id: number | null) => (id === null ? null : `/support/${id}`);

export function useSupportPage(id: number | null) {
  return useSWR<SupportPageResponse>(supportKey(id), (path: string) => apiFetch<SupportPageResponse>(path), { revalidateOnFocus: false });
}

export const startCheckout = (collectiveId: number, request: GiveRequest, idempotencyKey: string) =>
  apiSendOnce<GiveResponse>(`/support/${collectiveId}/checkout`, 'POST', { ...request }, idempotencyKey);

/** The finished checkout's state; read again a few times while Stripe still says "open" (a slow card). */
export function useCheckoutResult(collectiveId: number | null, sessionId: string | null) {
  const key = collectiveId === null || !sessionId ? null : `/support/${collectiveId}/checkouts/${encodeURIComponent(sessionId)}`;
  return useSWR<CheckoutResultResponse>(key, (path: string) => apiFetch<CheckoutResultResponse>(path), { revalidateOnFocus: false });
}

/** Where the browser goes to pay (Stripe's hosted page). A function of its own so tests can watch it. */
export const goToCheckout = (url: string) => window.location.assign(url);

export const SUPPORT_ERROR = 'Failed to load the support page. Please try again later.';
