// Earnings › Activations (issue 33 item 3; docs/decisions/0027-activations.md): what the collective
// will pay the athlete for (an appearance, an autograph session, a post, a camp), each to confirm once
// it was delivered or to decline with a reason; then the athlete's answered and canceled ones. The
// buttons are the moves shared/money/activations.ts offers the athlete. Plain words: confirming adds
// the price to the balance, paid with the next payout; nothing is paid for what is declined.
import { useState } from 'react';
import { ACTIVATION_KIND_LABEL, declineReasonError, type ActivationView } from '@shared/money/activations';
import { formatUsd } from '@shared/platform/money';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { TextAreaField } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { Panel } from '@/components/panel';
import { SignInPrompt } from '@/components/sign-in-required';
import { Spinner } from '@/components/spinner';
import { Table } from '@/components/table/table';
import { ApiError } from '@/lib/api-client';
import { useAnswerActivation, useAthleteActivations } from '@/features/athlete-panel/api/activations';
import { ActivationState } from '@/components/compliance/activation-state';

const LOAD_ERROR = 'Failed to load your activations. Please try again later.';
const what = (a: ActivationView) => `${ACTIVATION_KIND_LABEL[a.kind]} on ${a.date}`;

function DeclineDialog({
  activation,
  onDecline,
  onCancel,
}: {
  activation: ActivationView;
  onDecline: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm({
    initial: { reason: '' },
    check: ({ reason }) => {
      const error = declineReasonError(reason);
      return { value: reason.trim(), errors: error ? { reason: error.charAt(0).toUpperCase() + error.slice(1) } : {} };
    },
    send: (reason) => onDecline(reason),
    texts: { invalid: (error: unknown) => (error as ApiError).message },
  });
  return (
    <ConfirmDialog
      title={`Decline the ${formatUsd(activation.priceCents)} activation?`}
      confirmLabel={form.submitting ? 'Declining...' : 'Decline'}
      danger
      onConfirm={() => {
        if (!form.submitting) void form.submit();
      }}
      onCancel={onCancel}
    >
      <p>
        {what(activation)}: “{activation.description}”. {activation.collectiveName} sees your reason. Nothing is paid for it.
      </p>
      <TextAreaField label="Reason" required rows={3} maxLength={300} {...form.field('reason')} />
      <FormOutcome error={form.error} />
    </ConfirmDialog>
  );
}

function ToConfirm({ activation, athleteId, onDone }: { activation: ActivationView; athleteId: number; onDone: (message: string) => void }) {
  const answer = useAnswerActivation(athleteId);
  const [declining, setDeclining] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setConfirming(false);
    setError(null);
    try {
      await answer.trigger({ activationId: activation.id, move: 'confirm' });
      onDone(`Confirmed. ${formatUsd(activation.priceCents)} is in your balance and is paid with your next payout.`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  };
  const decline = async (reason: string) => {
    await answer.trigger({ activationId: activation.id, move: 'decline', reason });
    setDeclining(false);
    onDone(`Declined. ${activation.collectiveName} sees your reason; nothing is paid for it.`);
  };
  return (
    <li className="ap-pending">
      <div className="ap-preview-body">
        <h3 className="entity-title">
          {activation.collectiveName} will pay you {formatUsd(activation.priceCents)}
        </h3>
        <p>
          {what(activation)}: {activation.description}
        </p>
        <p className="small">
          <a href={activation.proofUrl} target="_blank" rel="noopener noreferrer">
            See the proof<span className="sr-only"> of the {what(activation).toLowerCase()}</span>
          </a>
        </p>
        <p className="hint">Confirm only once you have delivered it. You are paid for what you confirm.</p>
      </div>
      <div className="ap-pending-actions">
        {activation.actions.includes('confirm') && (
          <Button intent="primary" disabled={answer.isMutating} onClick={() => setConfirming(true)} aria-label={`Confirm delivered: ${what(activation)}`}>
            Confirm delivered
          </Button>
        )}
        {activation.actions.includes('decline') && (
          <Button intent="destructive" disabled={answer.isMutating} onClick={() => setDeclining(true)} aria-label={`Decline ${what(activation)}`}>
            Decline
          </Button>
        )}
        {error && <ErrorBox message={error} retryLabel="Try Again" onRetry={() => void confirm()} />}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Confirm you delivered it?`}
          confirmLabel={`Confirm ${formatUsd(activation.priceCents)}`}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirm()}
        >
          <p>
            {what(activation)}: “{activation.description}”. {formatUsd(activation.priceCents)} from {activation.collectiveName} is added to your balance and
            paid with your next payout. It counts as pay for services on your tax forms and toward NIL Go reporting.
          </p>
        </ConfirmDialog>
      )}
      {declining && <DeclineDialog activation={activation} onDecline={decline} onCancel={() => setDeclining(false)} />}
    </li>
  );
}

export function ActivationsTab({ athleteId, own }: { athleteId: number; own: boolean }) {
  const list = useAthleteActivations(athleteId, own);
  const [notice, setNotice] = useState<string | null>(null);
  if (!own) return <SignInPrompt message="Sign in to see and confirm your activations" />;
  if (list.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void list.mutate()} />;
  if (!list.data) return <Spinner label="Loading your activations..." />;
  const waiting = list.data.activations.filter((a) => a.actions.length > 0);
  const others = list.data.activations.filter((a) => a.actions.length === 0);
  return (
    <>
      <Panel id="activations-waiting-title" title="Activations to confirm">
        <p className="hint">Your collective pays you for things you deliver. Confirm each one once you have done it, or decline it and say why.</p>
        <FormOutcome success={notice} focus />
        {waiting.length === 0 ? (
          <p className="muted">Nothing to confirm.</p>
        ) : (
          <ul className="ap-pending-list" aria-label="Activations waiting for your answer">
            {waiting.map((a) => (
              <ToConfirm key={a.id} activation={a} athleteId={athleteId} onDone={setNotice} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel id="activations-done-title" title="Your activations">
        <Table
          caption="Activations you answered or your collective canceled, newest first"
          rows={others}
          rowKey={(a) => a.id}
          empty="None yet."
          columns={[
            { header: 'Deliverable', rowHeader: true, cell: (a) => `${ACTIVATION_KIND_LABEL[a.kind]}: ${a.description}` },
            { header: 'Date', cell: (a) => <DateText iso={a.date} /> },
            { header: 'From', cell: (a) => a.collectiveName },
            { header: 'Price', align: 'end', cell: (a) => formatUsd(a.priceCents) },
            {
              header: 'State',
              cell: (a) => (
                <>
                  <ActivationState activation={a} />
                  {a.declineReason && <div className="muted small">“{a.declineReason}”</div>}
                </>
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}
