// Payouts (left menu; read-only in the demo): "Pay everything owed through {date}" with its preview
// of who gets what (pay-everything.tsx), what each member is owed and their tax status (W-9 on file,
// payments in the year, the 1099 forms by payment type), the collective's Stripe account (linked
// through Stripe's onboarding), payout batches paid through Stripe (Pay now) or marked sent then
// paid in bulk (the CSV rail), the batch's CSV with each payout's status and dates, NIL Go
// (nil-go-members.tsx: the alerts, each member's records, eligibility start and reports), activations
// (activations.tsx: "Record an activation", which replaced allocating a donation to a member, and
// their list) and the compliance settings (compliance-settings.tsx). Money moves only on
// the server; every write carries its submission's idempotency key (the form kit's).
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { useTenant } from '@/lib/use-tenant';
import { usePayouts } from '@/features/collective-panel/api/payouts';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { Activations } from '@/features/collective-panel/components/payouts/activations';
import { Batches } from '@/features/collective-panel/components/payouts/batches';
import { CollectiveStripeAccount } from '@/features/collective-panel/components/payouts/stripe-account';
import { PayEverything } from '@/features/collective-panel/components/payouts/pay-everything';
import { MembersMoney } from '@/features/collective-panel/components/payouts/members-money';
import { NilGoAlerts, NilGoMembers } from '@/features/collective-panel/components/payouts/nil-go-members';
import { ComplianceSettings } from '@/features/collective-panel/components/payouts/compliance-settings';
import { TaxExport } from '@/features/collective-panel/components/payouts/tax-export';

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
      {isOwnerCollective && <Activations collectiveId={collectiveId} members={members} />}
      <NilGoMembers collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      {isOwnerCollective && <TaxExport collectiveId={collectiveId} />}
      {isOwnerCollective && <ComplianceSettings collectiveId={collectiveId} />}
    </div>
  );
}
