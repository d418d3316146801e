// Profile requests (Settings): the requests of the collective's school sent from the Create Athlete
// Profile page (/create-profile; the screen names the page, never its path).
// Accept (the jersey number completes the profile; the athlete is created as a member and the
// requester's account linked) or Decline with a reason the requester sees.
import { useState } from 'react';
import type { ProfileRequest, ProfileRequestState } from '@shared/onboarding/onboarding-api';
import { REJECTION_REASON_MAX } from '@shared/cards/cards-api';
import { validateAccept } from '@shared/onboarding/onboarding-api';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Badge, type BadgeTone } from '@/components/dashboard/format';
import { InputField, TextAreaField } from '@/components/form/field';
import { Form } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { useDecideProfileRequest, useProfileRequests } from '@/features/collective-panel/api/onboarding';
import { LOAD_ERROR, WRITE_TEXTS } from '@/features/collective-panel/config';
import { Button } from '@/components/button';
import { Table } from '@/components/table/table';
import { sportLabel } from '@shared/catalog/sports';

const STATUS: Record<ProfileRequestState, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  accepted: { label: 'Accepted', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
};

type Notice = ReturnType<typeof useAction>;

/** Accept with the jersey number: its error under the field, the outcome on the list's line. */
function AcceptForm({
  request,
  busy,
  accept,
  notice,
}: {
  request: ProfileRequest;
  busy: boolean;
  accept: (number: string) => Promise<unknown>;
  notice: Notice;
}) {
  const form = useForm({
    initial: { number: '' },
    check: (values) => validateAccept(values),
    send: ({ number }) => {
      notice.show(null);
      return accept(number);
    },
    onSuccess: () => notice.show(`${request.name} was added to the collective and their account linked.`),
    onFailure: ({ message }) => message && notice.show(null, message),
    texts: WRITE_TEXTS,
  });
  return (
    <Form form={form} className="dash-assign">
      <InputField label={`Player number for ${request.name}`} inputMode="numeric" {...form.field('number')} />
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        Accept
      </button>
    </Form>
  );
}

export function ProfileRequests({ collectiveId }: { collectiveId: number }) {
  const requests = useProfileRequests(collectiveId, true);
  const decide = useDecideProfileRequest(collectiveId);
  const declining = useConfirmation<ProfileRequest>();
  const [reason, setReason] = useState('');
  const notice = useAction(WRITE_TEXTS);
  const decline = (request: ProfileRequest) => {
    const decline = reason.trim() ? { reason: reason.trim() } : {};
    void notice.run(() => decide.trigger({ requestId: request.id, decline }), `The request of ${request.name} was declined.`);
  };

  return (
    <section className="dash-main" aria-labelledby="requests-title">
      <h3 id="requests-title" className="panel-title">
        Profile requests
      </h3>
      <p className="hint">Athletes of your school who asked Drift for a profile (Create Athlete Profile). Accept one to add them to your roster.</p>
      <FormOutcome success={notice.success} error={notice.error} />
      {requests.error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void requests.mutate()} retryLabel="Retry" />
      ) : !requests.data ? (
        <Spinner label="Loading profile requests..." />
      ) : (
        <Table
          caption="Profile requests"
          rows={requests.data.items}
          rowKey={(r) => r.id}
          empty="No profile requests."
          columns={[
            {
              header: 'Athlete',
              rowHeader: true,
              cell: (r) => (
                <>
                  <div>{r.name}</div>
                  {r.bio && <div className="muted small">{r.bio}</div>}
                </>
              ),
            },
            { header: 'Sport', cell: (r) => `${sportLabel(r.sport)} · ${r.position}` },
            { header: 'Email', cell: (r) => r.email },
            { header: 'Sent', cell: (r) => <DateText iso={r.createdAt} /> },
            {
              header: 'Status',
              cell: (r) => (
                <>
                  <Badge tone={STATUS[r.state].tone}>{STATUS[r.state].label}</Badge>
                  {r.state === 'declined' && r.declineReason && <p className="small">Reason: {r.declineReason}</p>}
                </>
              ),
            },
            {
              header: 'Decision',
              actions: true,
              cell: (r) =>
                r.state === 'pending' && (
                  <div className="dash-actions">
                    <AcceptForm
                      request={r}
                      busy={decide.isMutating}
                      accept={(number) => decide.trigger({ requestId: r.id, accept: { number } })}
                      notice={notice}
                    />
                    <Button
                      intent="destructive"
                      size="sm"
                      aria-label={`Decline ${r.name}`}
                      disabled={decide.isMutating}
                      onClick={() => {
                        setReason('');
                        declining.ask(r);
                      }}
                    >
                      Decline
                    </Button>
                  </div>
                ),
            },
          ]}
        />
      )}
      <ConfirmAbout about={declining} title={(r) => `Decline ${r.name}?`} confirmLabel="Decline" danger onConfirm={decline}>
        {() => (
          <TextAreaField
            label="Reason (the requester sees it)"
            hint={`Optional, at most ${REJECTION_REASON_MAX} characters`}
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            value={reason}
            onValue={setReason}
          />
        )}
      </ConfirmAbout>
    </section>
  );
}
