// GET /api/athletes/{id}/statement?from=YYYY-MM-DD&to=YYYY-MM-DD (demo twin under /demo): one
// period's opening balance, earnings, reversals, credits, payouts, closing balance and ledger lines
// (a page of 200; `after` reads the next). `format=csv` answers the same statement as a CSV file.
import useSWR from 'swr';
import type { StatementResponse } from '@shared/money/payouts-api';
import { apiFetch } from '@/lib/api-client';
import { ownerPath } from '@/features/athlete-panel/api/owner-path';

export type { StatementResponse } from '@shared/money/payouts-api';

export interface Period {
  from: string;
  to: string;
}

export const statementPath = (athleteId: number, own: boolean, period: Period, extra = '') =>
  ownerPath(own, `/athletes/${athleteId}/statement?from=${period.from}&to=${period.to}${extra}`);

/** `after`: the page after this ledger position (the previous page's `nextAfter`). */
export function useStatement(athleteId: number | null, own: boolean, period: Period | null, after: string | null = null) {
  return useSWR<StatementResponse>(
    athleteId === null || period === null ? null : statementPath(athleteId, own, period, after ? `&after=${encodeURIComponent(after)}` : ''),
    (path: string) => apiFetch<StatementResponse>(path),
  );
}
