// "Delete my account" (issue 23): asked first in a dialog (what goes, what stays), then a code emailed
// to the account's address and entered here; the deletion removes the email from the fan's orders
// (the cards stay on Drift as an anonymous collector's, with their serials), forgets everything else
// keyed by the fan (display name, collector page, follows, notifications and their settings, age
// band, waiting-list entry: lambdas/notifications/forget-person.ts), closes the account and signs the
// fan out. Nothing is deleted before the right code.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/dialog';
import { InputField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { Panel } from '@/components/panel';
import { ApiError } from '@/lib/api-client';
import { signOut } from '@/lib/auth/session-store';
import { paths } from '@/config/paths';
import { useConfirmDeletion, useRequestDeletion } from '@/features/account/api/account';

const message = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

function Deleted({ orders }: { orders: number }) {
  const navigate = useNavigate();
  return (
    <div role="status" className="account-deleted">
      <p>
        <strong>Your account is deleted.</strong> Your email was removed from {orders} {orders === 1 ? 'order' : 'orders'}; your display name, collector page,
        follows and notifications are gone, and Drift will not email you again. The cards you held stay on Drift as an anonymous collector’s. You are being
        signed out.
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          void navigate(paths.demo.home.getHref());
          void signOut();
        }}
      >
        Leave
      </button>
    </div>
  );
}

export function DeleteAccount({ pending, email }: { pending: { expiresAt: string } | null; email: string }) {
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<{ to: string; expiresAt: string } | null>(pending ? { to: email, expiresAt: pending.expiresAt } : null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const request = useRequestDeletion();
  const confirm = useConfirmDeletion();
  const form = useForm({
    initial: { code: '' },
    check: (values: { code: string }) => ({
      value: { code: values.code.trim() },
      errors: /^\d{6}$/.test(values.code.trim()) ? {} : { code: 'Enter the 6-digit code from the email' },
    }),
    send: (body) => confirm.trigger(body),
    onSuccess: (result) => setDone(result.redactedOrders),
    texts: { failed: (error) => message(error, 'The deletion could not be done. Please try again.') },
  });

  const sendCode = async () => {
    setAsking(false);
    setSendError(null);
    try {
      const answer = await request.trigger();
      setSent({ to: answer!.sentTo, expiresAt: answer!.expiresAt });
    } catch (error) {
      setSendError(message(error, 'The code could not be sent. Please try again.'));
    }
  };

  if (done !== null)
    return (
      <Panel id="delete-title" title="Delete my account">
        <Deleted orders={done} />
      </Panel>
    );
  return (
    <Panel id="delete-title" title="Delete my account">
      <p>
        Deleting your account removes your email and name from your orders and forgets your display name (anyone may take it then), your collector page, the
        athletes and schools you follow, your notifications and their settings, your age band, your waiting-list entry and any athlete profile request you sent
        that was not accepted; Drift emails you nothing more. The cards you hold stay on Drift as an anonymous collector’s (with their serial numbers, and on
        leaderboards under an anonymous name), and the athletes’ sales figures do not change. This cannot be undone.
      </p>
      <button type="button" className="btn btn-outline danger-text" disabled={request.isMutating} onClick={() => setAsking(true)}>
        {request.isMutating ? 'Sending the code...' : sent ? 'Send a new code' : 'Delete my account'}
      </button>
      <FormOutcome error={sendError} />
      {asking && (
        <ConfirmDialog title="Delete your account?" confirmLabel="Email me a code" danger onConfirm={() => void sendCode()} onCancel={() => setAsking(false)}>
          <p>We will email a code to {email}. Your account is deleted only when you enter it here.</p>
        </ConfirmDialog>
      )}
      {sent && (
        <Form form={form} aria-label="Confirm the deletion" className="account-confirm">
          <p role="status">
            We emailed a code to {sent.to}. It is valid until {new Date(sent.expiresAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.
          </p>
          <InputField label="Code from the email" required inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field('code')} />
          <FormEnd form={form} busy="Deleting..." className="btn btn-primary">
            Delete my account now
          </FormEnd>
        </Form>
      )}
    </Panel>
  );
}
