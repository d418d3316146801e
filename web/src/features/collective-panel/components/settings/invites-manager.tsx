// Invites (Settings): invite a member athlete by email (validateInvite, the server's rule); the
// claim link ({origin}/claim/{code}) and the code are shown once, with Copy; the invites listed
// with their status (pending, claimed, revoked, expired) and Revoke for a pending one.
import { useState } from 'react';
import type { CreatedInvite, Invite, InviteState } from '@shared/onboarding/onboarding-api';
import { validateInvite } from '@shared/onboarding/onboarding-api';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Badge, type BadgeTone } from '@/components/dashboard/format';
import { copyText } from '@/components/dashboard/recent-orders';
import { Field, InputField, SelectField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { useCreateInvite, useInvites, useRevokeInvite } from '@/features/collective-panel/api/onboarding';
import { LOAD_ERROR, WRITE_TEXTS } from '@/features/collective-panel/config';
import { Button } from '@/components/button';
import { Table } from '@/components/table/table';

const STATUS: Record<InviteState, { label: string; tone: BadgeTone }> = {
  open: { label: 'Pending', tone: 'yellow' },
  claimed: { label: 'Claimed', tone: 'green' },
  revoked: { label: 'Revoked', tone: 'red' },
  expired: { label: 'Expired', tone: 'red' },
};

function CreatedLink({ invite }: { invite: CreatedInvite }) {
  const [copied, setCopied] = useState<string | null>(null);
  const link = `${window.location.origin}${invite.claimPath}`;
  const copy = async (what: string, text: string) =>
    setCopied((await copyText(text)) ? `${what} copied.` : `Copy failed: select the ${what.toLowerCase()} and copy it.`);
  return (
    <div className="panel" aria-label="New invite">
      <p>
        We are emailing this link to {invite.athleteName} ({invite.email}). You can also send it yourself: it is shown only now, and it works once, for that
        email, until <DateText iso={invite.expiresAt} />.
      </p>
      <Field label="Invite link">{(control) => <input {...control} className="input" readOnly value={link} onFocus={(e) => e.target.select()} />}</Field>
      <Field label="Invite code">
        {(control) => <input {...control} className="input mono" readOnly value={invite.code} onFocus={(e) => e.target.select()} />}
      </Field>
      <div className="dash-actions">
        <Button intent="primary" size="sm" onClick={() => void copy('Link', link)}>
          Copy link
        </Button>
        <Button size="sm" onClick={() => void copy('Code', invite.code)}>
          Copy code
        </Button>
      </div>
      <p role="status" className="small">
        {copied ?? ''}
      </p>
    </div>
  );
}

export function InvitesManager({ collectiveId, members }: { collectiveId: number; members: MemberSummary[] }) {
  const invites = useInvites(collectiveId, true);
  const create = useCreateInvite(collectiveId);
  const revoke = useRevokeInvite(collectiveId);
  const revoking = useConfirmation<Invite>();
  const notice = useAction(WRITE_TEXTS);
  const revokeInvite = (invite: Invite) =>
    void notice.run(() => revoke.trigger({ inviteId: invite.id }), `The invite of ${invite.athleteName} was revoked: its link no longer works.`);
  const form = useForm({
    initial: { athleteId: '', email: '' },
    check: (values) => validateInvite({ athleteId: values.athleteId ? Number(values.athleteId) : undefined, email: values.email }),
    send: (invite) => create.trigger(invite),
    onSuccess: () => {
      form.reset();
    },
    texts: WRITE_TEXTS,
  });
  const created = form.result;

  return (
    <div className="dash-main">
      <Form form={form} className="panel" aria-label="Invite an athlete">
        <h3 className="panel-title">Invite an athlete</h3>
        <p className="hint">The athlete signs up or in with this email and claims the invite: their account is then linked to their profile.</p>
        <div className="dash-form">
          <SelectField
            label="Athlete"
            placeholder="Choose a member"
            options={members.map((m) => ({ value: m.id, label: m.name }))}
            {...form.field('athleteId')}
          />
          <InputField label="Athlete's email" type="email" autoComplete="off" {...form.field('email')} />
        </div>
        <FormOutcome error={form.error} />
        <SubmitButton form={form} busy="Inviting...">
          Create Invite
        </SubmitButton>
      </Form>
      {created && <CreatedLink invite={created} />}
      <section aria-labelledby="invites-title">
        <h3 id="invites-title" className="panel-title">
          Invites
        </h3>
        <FormOutcome success={notice.success} error={notice.error} />
        {invites.error ? (
          <ErrorBox message={LOAD_ERROR} onRetry={() => void invites.mutate()} retryLabel="Retry" />
        ) : !invites.data ? (
          <Spinner label="Loading invites..." />
        ) : (
          <Table
            caption="Invites, newest first"
            rows={invites.data.items}
            rowKey={(invite) => invite.id}
            empty="No invites yet."
            columns={[
              { header: 'Athlete', rowHeader: true, cell: (invite) => invite.athleteName },
              { header: 'Email', cell: (invite) => invite.email },
              { header: 'Status', cell: (invite) => <Badge tone={STATUS[invite.state].tone}>{STATUS[invite.state].label}</Badge> },
              { header: 'Sent', cell: (invite) => <DateText iso={invite.createdAt} /> },
              {
                header: 'Expires',
                cell: (invite) =>
                  invite.state === 'claimed' && invite.claimedAt ? (
                    <DateText iso={invite.claimedAt} suffix=" (claimed)" />
                  ) : (
                    <DateText iso={invite.expiresAt} />
                  ),
              },
              {
                header: 'Actions',
                actions: true,
                cell: (invite) =>
                  invite.state === 'open' && (
                    <Button
                      intent="destructive"
                      size="sm"
                      aria-label={`Revoke the invite of ${invite.athleteName} (${invite.email})`}
                      disabled={revoke.isMutating}
                      onClick={() => revoking.ask(invite)}
                    >
                      Revoke
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </section>
      <ConfirmAbout about={revoking} title="Revoke this invite?" confirmLabel="Revoke" danger onConfirm={revokeInvite}>
        {(invite) => (
          <p>
            The link sent to {invite.email} stops working. You can invite {invite.athleteName} again.
          </p>
        )}
      </ConfirmAbout>
    </div>
  );
}
