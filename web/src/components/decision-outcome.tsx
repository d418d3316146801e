// What a decided request shows (a profile request a collective accepted, a collective application
// Drift approved): the decision's date, and the button that opens the panel the decision gave this
// account, once the refreshed session carries it.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DateText } from '@/components/date-text';
import { refreshSession } from '@/lib/auth/session-store';

/** " on <date>" after the decision's word, when the decision has a date. */
export function DecidedOn({ iso }: { iso: string | null | undefined }) {
  return iso ? (
    <>
      {' '}
      on <DateText iso={iso} />
    </>
  ) : null;
}

/** Refreshes the session and opens `href` when its claims carry `claim`; when they do not yet, says
 * the sign-in does not show `what` yet. */
export function OpenWhenLinked({
  claim,
  href,
  what,
  children,
}: {
  claim: 'custom:athleteId' | 'custom:collectiveId';
  href: string;
  what: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [stale, setStale] = useState(false);
  const open = async () => {
    setOpening(true);
    const session = await refreshSession();
    setOpening(false);
    if (session?.claims[claim]) navigate(href);
    else setStale(true);
  };
  return (
    <>
      <button type="button" className="btn btn-primary" disabled={opening} onClick={() => void open()}>
        {children}
      </button>
      {stale && <p className="form-error">{`Your sign-in does not show ${what} yet. Sign out and in again.`}</p>}
    </>
  );
}
