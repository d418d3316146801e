// Settings, Payments: the collective's own Stripe account (payor of record; Drift pays athletes and
// takes donations through it). Says whether its payouts are enabled, as the new collective's
// checklist counts it (keys.collectivePayAccount, written by the payout rail). The payout rail's
// "Link Stripe" button belongs in this tab.
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { useChecklist } from '@/features/collective-panel/api/checklist';
import { LOAD_ERROR } from '@/features/collective-panel/config';

export function PaymentsSettings({ collectiveId }: { collectiveId: number }) {
  const checklist = useChecklist(collectiveId, true);
  const linked = checklist.data?.steps.find((s) => s.id === 'payouts')?.done;
  return (
    <section aria-labelledby="payments-title">
      <h3 id="payments-title" className="panel-title">
        Payments
      </h3>
      <p className="hint">Drift pays your athletes and takes your donations through your collective&apos;s own Stripe account.</p>
      {checklist.error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void checklist.mutate()} retryLabel="Retry" />
      ) : !checklist.data ? (
        <Spinner label="Loading..." />
      ) : (
        <p role="status" className={linked ? 'form-success' : 'muted'}>
          {linked ? 'Your Stripe account is linked: payouts are enabled.' : 'Your Stripe account is not linked yet: payouts are not enabled.'}
        </p>
      )}
    </section>
  );
}
