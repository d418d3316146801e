// A collective's audit log (GET /api/collectives/{id}/audit, newest first, a page at a time) and a
// month of it as CSV (GET .../audit/csv?month=YYYY-MM, downloaded with the bearer token).
import useSWRInfinite from 'swr/infinite';
import type { AuditPage } from '@shared/notifications/events';
import { apiFetch } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download';

export function useAuditLog(collectiveId: number, owner: boolean) {
  return useSWRInfinite<AuditPage>(
    (_index, previous: AuditPage | null) =>
      !owner || (previous && !previous.nextCursor)
        ? null
        : `/collectives/${collectiveId}/audit?limit=50${previous?.nextCursor ? `&cursor=${encodeURIComponent(previous.nextCursor)}` : ''}`,
    (path: string) => apiFetch<AuditPage>(path),
  );
}

export const downloadAuditCsv = (collectiveId: number, month: string) =>
  downloadCsv(`/collectives/${collectiveId}/audit/csv?month=${encodeURIComponent(month)}`, `audit-log-${month}.csv`);
