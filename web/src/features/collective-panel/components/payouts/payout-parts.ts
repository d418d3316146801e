// What the Payouts section's forms share: UTC days, the message and field errors of a failed
// write, one idempotency key per submission, and the payout status badges.
import { useRef } from 'react';
import type { PayoutLineView } from '@shared/money/payouts-api';
import type { BadgeTone } from '@/components/dashboard/format';
import { ApiError } from '@/lib/api-client';
import { idempotencyKey } from '@/features/collective-panel/api/payouts';

export const today = () => new Date().toISOString().slice(0, 10);
export const day = (iso: string) => iso.slice(0, 10);

/** The message and field errors of a failed write. */
export function failure(error: unknown): { fields: Record<string, string>; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 401) return { fields: {}, message: 'Sign in as the collective to make changes.' };
    const fields = error.fields ?? {};
    const named = Object.entries(fields).map(([k, v]) => (/^[A-Z]/.test(v) ? v : `${k}: ${v}`));
    return { fields, message: named.length ? named.join(' ') : error.message };
  }
  return { fields: {}, message: 'Something went wrong. Please try again.' };
}

/** Keeps one idempotency key per submission: the same key for retries until it succeeds or the input changes. */
export function useSubmissionKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= idempotencyKey()),
    reset: () => {
      key.current = null;
    },
  };
}

export const STATUS_TONE: Record<PayoutLineView['status'], BadgeTone> = { pending: 'yellow', sent: 'yellow', paid: 'green' };
export const STATUS_LABEL: Record<PayoutLineView['status'], string> = { pending: 'Pending', sent: 'Sent', paid: 'Paid' };
