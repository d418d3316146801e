// Profile requests (Settings): the requests of the collective's school sent from /create-profile.
// Accept (the jersey number completes the profile; the athlete is created as a member and the
// requester's account linked) or Decline with a reason the requester sees.
import { useState } from 'react';
import type { ProfileRequest, ProfileRequestState } from '@shared/onboarding/onboarding-api';
import { REJECTION_REASON_MAX } from '@shared/cards/cards-api';
import { validateAccept } from '@shared/onboarding/onboarding-api';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Badge, type BadgeTone } from '@/components/dashboard/format';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useDecideProfileRequest, useProfileRequests } from '@/features/collective-panel/api/onboarding';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { errorsFrom } from '@/features/collective-panel/components/settings/form-parts';
import { TableRegion } from '@/components/dashboard/table-region';

const STATUS: Record<ProfileRequestState, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  accepted: { label: 'Accepted', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
};

function AcceptForm({ request, busy, onAccept }: { request: ProfileRequest; busy: boolean; onAccept: (number: string) => Promise<string | null> }) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="dash-assign"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const checked = validateAccept({ number });
        setError(checked.errors.number ?? null);
        if (checked.errors.number) return;
        setError(await onAccept(checked.value.number));
      }}
    >
      <Field label={`Player number for ${request.name}`} error={error}>
        {(control) => <input {...control} className="input" inputMode="numeric" value={number} onChange={(e) => setNumber(e.target.value)} />}
      </Field>
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        Accept
      </button>
    </form>
  );
}

export function ProfileRequests({ collectiveId }: { collectiveId: number }) {
  const requests = useProfileRequests(collectiveId, true);
  const decide = useDecideProfileRequest(collectiveId);
  const [declining, setDeclining] = useState<ProfileRequest | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function accept(request: ProfileRequest, number: string): Promise<string | null> {
    setNotice(null);
    try {
      await decide.trigger({ requestId: request.id, accept: { number } });
      setNotice({ ok: true, text: `${request.name} was added to the collective and their account linked.` });
      return null;
    } catch (error) {
      const { fields, message } = errorsFrom(error);
      if (fields.number) return fields.number;
      setNotice({ ok: false, text: message ?? Object.values(fields).join(' ') });
      return null;
    }
  }

  return (
    <section className="dash-main" aria-labelledby="requests-title">
      <h3 id="requests-title" className="panel-title">
        Profile requests
      </h3>
      <p className="hint">Athletes of your school who asked for a profile at /create-profile.</p>
      <FormOutcome success={notice?.ok ? notice.text : null} error={notice && !notice.ok ? notice.text : null} />
      {requests.error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void requests.mutate()} retryLabel="Retry" />
      ) : !requests.data ? (
        <Spinner label="Loading profile requests..." />
      ) : requests.data.items.length === 0 ? (
        <p className="muted">No profile requests.</p>
      ) : (
        <TableRegion label={'Profile requests'}>
          <table className="dash-table">
            <caption className="sr-only">Profile requests</caption>
            <thead>
              <tr>
                <th scope="col">Athlete</th>
                <th scope="col">Sport</th>
                <th scope="col">Email</th>
                <th scope="col">Sent</th>
                <th scope="col">Status</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {requests.data.items.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <div>{r.name}</div>
                    {r.bio && <div className="muted small">{r.bio}</div>}
                  </th>
                  <td>
                    {r.sport} · {r.position}
                  </td>
                  <td>{r.email}</td>
                  <td>
                    <DateText iso={r.createdAt} />
                  </td>
                  <td>
                    <Badge tone={STATUS[r.state].tone}>{STATUS[r.state].label}</Badge>
                    {r.state === 'declined' && r.declineReason && <p className="small">Reason: {r.declineReason}</p>}
                  </td>
                  <td>
                    {r.state === 'pending' && (
                      <div className="dash-actions">
                        <AcceptForm request={r} busy={decide.isMutating} onAccept={(number) => accept(r, number)} />
                        <button
                          type="button"
                          className="btn btn-outline btn-sm"
                          aria-label={`Decline ${r.name}`}
                          disabled={decide.isMutating}
                          onClick={() => {
                            setReason('');
                            setDeclining(r);
                          }}
                        >
                          Decline
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {declining && (
        <ConfirmDialog
          title={`Decline ${declining.name}?`}
          confirmLabel="Decline"
          danger
          onCancel={() => setDeclining(null)}
          onConfirm={async () => {
            const request = declining;
            setDeclining(null);
            setNotice(null);
            try {
              await decide.trigger({ requestId: request.id, decline: reason.trim() ? { reason: reason.trim() } : {} });
              setNotice({ ok: true, text: `The request of ${request.name} was declined.` });
            } catch (error) {
              const { fields, message } = errorsFrom(error);
              setNotice({ ok: false, text: message ?? Object.values(fields).join(' ') });
            }
          }}
        >
          <Field label="Reason (the requester sees it)" hint={`Optional, at most ${REJECTION_REASON_MAX} characters`}>
            {(control) => (
              <textarea {...control} className="input" rows={3} maxLength={REJECTION_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
        </ConfirmDialog>
      )}
    </section>
  );
}
