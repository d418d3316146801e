// Payouts (left menu; read-only in the demo): "Pay everything owed through {date}" with its preview
// of who gets what (pay-everything.tsx), what each member is owed and their tax status (W-9 on file,
// payments in the year, the 1099 forms by payment type), the collective's Stripe account (linked
// through Stripe's onboarding), payout batches paid through Stripe (Pay now) or marked sent then
// paid in bulk (the CSV rail), the batch's CSV with each payout's status and dates, NIL Go
// (nil-go-members.tsx: the alerts, each member's records, eligibility start and reports), donation
// allocations to members and the compliance settings (compliance-settings.tsx). Money moves only on
// the server; every write carries its submission's idempotency key (the form kit's).
import type { Transaction } from '@shared/sales/sales-api';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { SelectField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { centsOf, MoneyField } from '@/components/form/money-field';
import { useForm } from '@/components/form/use-form-submit';
import { useTenant } from '@/lib/use-tenant';
import { useAllocateDonation, usePayouts } from '@/features/collective-panel/api/payouts';
import { useTransactions } from '@/features/collective-panel/api/get-transactions';
import { LOAD_ERROR, PAYOUT_TEXTS } from '@/features/collective-panel/config';
import { Batches } from '@/features/collective-panel/components/payouts/batches';
import { CollectiveStripeAccount } from '@/features/collective-panel/components/payouts/stripe-account';
import { PayEverything } from '@/features/collective-panel/components/payouts/pay-everything';
import { MembersMoney } from '@/features/collective-panel/components/payouts/members-money';
import { day } from '@/features/collective-panel/components/payouts/payout-parts';
import { NilGoAlerts, NilGoMembers } from '@/features/collective-panel/components/payouts/nil-go-members';
import { ComplianceSettings } from '@/features/collective-panel/components/payouts/compliance-settings';
import { TaxExport } from '@/features/collective-panel/components/payouts/tax-export';

const isDonation = (t: Transaction) => t.type === 'Donation (Organization)' || t.type === 'Donation (Individual)';

/** The allocation's choices and amount, in the form's words. */
function allocationErrors(values: { donationId: string; athleteId: string; amount: string }, cents: number | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.donationId) errors.donationId = 'Choose a donation';
  if (!values.athleteId) errors.athleteId = 'Choose a member';
  if (cents === undefined) errors.amount = 'Amount is required';
  else if (cents === null || cents <= 0) errors.amount = 'Enter an amount in dollars and cents, more than $0.00';
  return errors;
}

function DonationAllocations({ collectiveId, members }: { collectiveId: number; members: MemberSummary[] }) {
  const transactions = useTransactions(collectiveId);
  const allocate = useAllocateDonation(collectiveId);
  const form = useForm({
    initial: { donationId: '', athleteId: '', amount: '' },
    check: (values) => {
      const cents = centsOf(values.amount);
      return {
        value: { donationId: values.donationId, allocations: [{ athleteId: Number(values.athleteId), amountCents: cents ?? 0 }] },
        errors: allocationErrors(values, cents),
      };
    },
    send: (allocation, { idempotencyKey }) => allocate.trigger({ ...allocation, idempotencyKey }),
    onSuccess: (result) => {
      form.set('amount')('');
      return `Allocated ${formatUsd(result.allocatedCents)} of this donation so far; ${formatUsd(result.remainingCents)} left to allocate.`;
    },
    serverFields: { 'allocations[0].amountCents': 'amount' },
    texts: PAYOUT_TEXTS,
  });
  const donations = (transactions.data ?? []).flatMap((p) => p.items).filter(isDonation);
  if (transactions.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void transactions.mutate()} retryLabel="Retry" />;
  if (!transactions.data) return <Spinner label="Loading donations..." />;
  if (donations.length === 0) return null;
  return (
    <Form form={form} className="panel" aria-label="Allocate a donation">
      <h3 className="panel-title">Allocate a donation to a member</h3>
      <p className="hint">The amount is credited to the member’s balance and paid in their next batch.</p>
      <div className="dash-form">
        <SelectField
          label="Donation"
          placeholder="Choose a donation"
          options={donations.map((d) => ({ value: d.id, label: `${d.name} · ${formatUsd(d.amountCents)} · ${day(d.date)}` }))}
          {...form.field('donationId')}
        />
        <SelectField label="Member" placeholder="Choose a member" options={members.map((m) => ({ value: m.id, label: m.name }))} {...form.field('athleteId')} />
        <MoneyField label="Amount (USD)" {...form.field('amount')} />
      </div>
      <FormOutcome success={form.success} error={form.error} />
      <SubmitButton form={form} busy="Allocating...">
        Allocate
      </SubmitButton>
    </Form>
  );
}

export function PayoutsSection({ collectiveId, members }: { collectiveId: number; members: MemberSummary[] }) {
  const { isOwnerCollective } = useTenant();
  const payouts = usePayouts();
  const nameOf = (id: number) => members.find((m) => m.id === id)?.name ?? `Athlete ${id}`;
  if (payouts.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void payouts.mutate()} retryLabel="Retry" />;
  if (!payouts.data) return <Spinner label="Loading payouts..." />;
  const data = payouts.data;
  return (
    <div className="dash-main">
      <h2 className="panel-title">Payouts</h2>
      <NilGoAlerts data={data} nameOf={nameOf} />
      {isOwnerCollective && <CollectiveStripeAccount collectiveId={collectiveId} />}
      <PayEverything collectiveId={collectiveId} nameOf={nameOf} owner={isOwnerCollective} />
      <MembersMoney collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      <Batches collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      {isOwnerCollective && <DonationAllocations collectiveId={collectiveId} members={members} />}
      <NilGoMembers collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      {isOwnerCollective && <TaxExport collectiveId={collectiveId} />}
      {isOwnerCollective && <ComplianceSettings collectiveId={collectiveId} />}
    </div>
  );
}
