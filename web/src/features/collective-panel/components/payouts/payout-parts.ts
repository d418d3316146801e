// What the Payouts section's parts share: UTC days and the payout status badges.
import type { PayoutLineView } from '@shared/money/payouts-api';
import type { BadgeTone } from '@/components/dashboard/format';

export const today = () => new Date().toISOString().slice(0, 10);
export const day = (iso: string) => iso.slice(0, 10);

export const STATUS_TONE: Record<PayoutLineView['status'], BadgeTone> = { pending: 'yellow', sent: 'yellow', paid: 'green' };
export const STATUS_LABEL: Record<PayoutLineView['status'], string> = { pending: 'Pending', sent: 'Sent', paid: 'Paid' };
