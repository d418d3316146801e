// /unsubscribe?r=&c=&t= : where an email's "Stop these emails" link leads. It names the kind of email
// and asks before stopping it (a link followed by a mail scanner must not unsubscribe anyone); the
// button POSTs the same signed link mail clients use for one-click unsubscribe. No sign-in needed.
import { useState } from 'react';
import { useSearchParams, Link } from 'react-router-dom';
import { CATEGORIES, isCategory } from '@shared/notifications/notification-rules';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { unsubscribe } from '@/features/notifications/api/preferences';

type State = { kind: 'ask' } | { kind: 'busy' } | { kind: 'done'; label: string } | { kind: 'failed'; message: string };

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const category = params.get('c') ?? '';
  const query = new URLSearchParams({ r: params.get('r') ?? '', c: category, t: params.get('t') ?? '' }).toString();
  const [state, setState] = useState<State>({ kind: 'ask' });
  const known = isCategory(category);

  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      const done = await unsubscribe(query);
      setState({ kind: 'done', label: done.label });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'Something went wrong; try again.' });
    }
  };

  return (
    <section className="page container notify-page">
      <h1>Stop these emails</h1>
      {!known ? (
        <p role="alert">This unsubscribe link is not complete. Use the link in the email again, or change your settings after signing in.</p>
      ) : state.kind === 'done' ? (
        <p role="status">
          Done: no more “{state.label}” emails. You still see these notices under the bell when you sign in, and you can turn the emails back on in{' '}
          <Link to={paths.notifications.getHref()}>your notification settings</Link>.
        </p>
      ) : (
        <>
          <p>Stop emails about “{CATEGORIES[category].label}”? Other kinds of email are not affected, and the notices still appear under the bell.</p>
          {state.kind === 'failed' && <p role="alert">{state.message}</p>}
          <button type="button" className="btn btn-primary" disabled={state.kind === 'busy'} onClick={() => void confirm()}>
            {state.kind === 'busy' ? 'Stopping...' : 'Stop these emails'}
          </button>
        </>
      )}
    </section>
  );
}
