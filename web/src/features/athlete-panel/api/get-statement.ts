// GET /api/athletes/{id}/statement?from=YYYY-MM-DD&to=YYYY-MM-DD (demo twin under /demo): one
// period's opening balance, earnings, reversals, credits, payouts, closing balance and ledger lines
// (a page of 200; `after` reads the next). `format=csv` answers the same statement as a CSV file.
import useSWR from 'swr';
import type { LedgerEntry } from '@shared/ledger';
import { apiFetch } from '@/lib/api-client';
import { ownerPath } from './owner-path';

/** The statement's answer (lambdas/common/payouts.ts `Statement`, plus the athlete). */
export interface StatementResponse {
  athleteId: number;
  from: string;
  to: string;
  openingBalanceCents: number;
  earningsCents: number;
  reversalsCents: number;
  creditsCents: number;
  payoutsCents: number;
  closingBalanceCents: number;
  entries: LedgerEntry[];
  nextAfter: string | null;
  athlete: { id: number; name: string; school: string };
}

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
