// The account settings page (/account; issue 23): the signed-in fan's account (name, email, whether
// public lists may show them), the birth-date question a Google account answers before anything
// else, "Download my data" (a JSON file of the account, orders, cards and serials, display name and
// profile switch, follows, notification settings and notifications: every item the deletion
// forgets) and "Delete my account" (delete-account.tsx). Linked from the top bar's account corner and from My Collection.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NOT_ELIGIBLE, birthDateError, todayAnywhereOnEarth } from '@shared/platform/age';
import { ErrorBox } from '@/components/error-box';
import { InputField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { Panel } from '@/components/panel';
import { PageSpinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { downloadMyData, useAccount, useAnswerAge } from '@/features/account/api/account';
import { DeleteAccount } from '@/features/account/components/delete-account';
import '@/features/account/components/account.css';

export const ACCOUNT_ERROR = 'Failed to load your account. Please try again later.';

function AgeQuestion() {
  const answer = useAnswerAge();
  const [refused, setRefused] = useState(false);
  const form = useForm({
    initial: { birthDate: '' },
    check: (values: { birthDate: string }) => {
      const error = birthDateError(values.birthDate, todayAnywhereOnEarth(Date.now()));
      return { value: { birthDate: values.birthDate.trim() }, errors: error ? { birthDate: error } : {} };
    },
    send: (body) => answer.trigger(body),
    onFailure: (_failure, error) => {
      if (error instanceof ApiError && error.status === 403) setRefused(true);
    },
    texts: { failed: (error) => (error instanceof ApiError ? error.message : 'Saving failed. Try again.') },
  });
  if (refused) return <p role="status">{NOT_ELIGIBLE} Your account was closed.</p>;
  return (
    <Form form={form} aria-label="Your date of birth" className="panel">
      <h2 className="panel-title">One question first</h2>
      <p>Before you use your account, tell us your date of birth. We ask everyone; the date itself is not kept.</p>
      <InputField label="Date of birth" type="date" required autoComplete="bday" {...form.field('birthDate')} />
      <FormEnd form={form} busy="Saving...">
        Continue
      </FormEnd>
    </Form>
  );
}

function DownloadData() {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setDone(null);
    setError(null);
    try {
      const data = await downloadMyData();
      const cards = data.cards.reduce((n, a) => n + a.cards.reduce((m, c) => m + c.units, 0), 0);
      const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      setDone(
        `Downloaded: your account, ${count(data.orders.length, 'order', 'orders')}, ${count(cards, 'card', 'cards')}, ${count(data.follows.length, 'follow', 'follows')} and ${count(data.notifications.notices.length, 'notification', 'notifications')}.`,
      );
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The download failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel id="data-title" title="Download my data">
      <p>
        A file (JSON) with everything Drift holds about you: your account and age band, your orders, the cards you hold and their serial numbers, your display
        name and public-profile setting, the athletes and schools you follow, your notification settings (address, time zone, quiet hours, which emails) and
        your notifications.
      </p>
      <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing...' : 'Download my data'}
      </button>
      <FormOutcome success={done} error={error} />
    </Panel>
  );
}

export default function AccountPage() {
  const { data, error, mutate } = useAccount();
  if (error) return <ErrorBox message={ACCOUNT_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <PageSpinner label="Loading your account..." />;
  return (
    <div className="page container narrow account-page">
      <h1 className="page-title">Your account</h1>
      {data.ageQuestion && data.ageBand === 'unknown' ? (
        <AgeQuestion />
      ) : (
        <>
          <Panel id="account-title" title="Account">
            <dl className="account-facts">
              <dt>Username</dt>
              <dd>{data.username}</dd>
              <dt>Email</dt>
              <dd>{data.email}</dd>
              <dt>Public lists</dt>
              <dd>
                {data.listedPublicly
                  ? 'Top Fans and leaderboards may show you under your fan name (never your email).'
                  : 'You are not shown on public lists (Top Fans, leaderboards); you are still counted.'}
              </dd>
            </dl>
            <p>
              <Link to={paths.myCards.getHref()}>My Collection</Link>
            </p>
          </Panel>
          <DownloadData />
          <DeleteAccount pending={data.deletion} email={data.email} />
        </>
      )}
    </div>
  );
}
