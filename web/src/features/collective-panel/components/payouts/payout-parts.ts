// What the Payouts section's parts share: UTC days, the payout status badges and their props.
import type { CollectivePayoutsResponse, PayoutLineView } from '@shared/money/payouts-api';
import { LINE_STATUS_LABEL } from '@shared/payments/payout-line';
import type { BadgeTone } from '@/components/dashboard/format';

export const today = () => new Date().toISOString().slice(0, 10);
export const day = (iso: string) => iso.slice(0, 10);

export const STATUS_TONE: Record<PayoutLineView['status'], BadgeTone> = {
  pending: 'yellow',
  sent: 'yellow',
  paid: 'green',
  awaiting_account: 'yellow',
  sending: 'yellow',
  in_transit: 'yellow',
  failed: 'red',
};
export const STATUS_LABEL: Record<PayoutLineView['status'], string> = LINE_STATUS_LABEL;

/** What each part of the section gets: the collective, its payouts answer, a member's name, and
 * whether the viewer owns the collective (the writes). */
export interface PayoutsPartProps {
  collectiveId: number;
  data: CollectivePayoutsResponse;
  nameOf: (id: number) => string;
  owner: boolean;
}
