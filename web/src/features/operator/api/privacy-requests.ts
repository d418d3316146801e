// Shopify's privacy requests, as the webhook recorded them: GET /api/operator/privacy (the queue,
// newest first) and GET /api/operator/privacy/{id}/export (a data request's export, recorded as
// downloaded by the operator who asked).
import useSWR from 'swr';
import type { PrivacyExport, PrivacyRequestsResponse } from '@shared/orders/privacy-api';
import { apiFetch } from '@/lib/api-client';

export function usePrivacyRequests() {
  return useSWR<PrivacyRequestsResponse>('/operator/privacy', (path: string) => apiFetch<PrivacyRequestsResponse>(path));
}

export const fetchPrivacyExport = (requestId: string) => apiFetch<PrivacyExport>(`/operator/privacy/${encodeURIComponent(requestId)}/export`);
