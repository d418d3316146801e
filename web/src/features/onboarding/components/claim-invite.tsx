// /claim/:code: the page of an invite link. Signed out, it asks to sign in or sign up with the
// invited email (the code is kept in `next`, so both come back here); signed in, it shows the
// invite (athlete, collective, the invited address masked) and claims it. After the claim the
// session is refreshed so the athlete role shows, and the athlete lands on their panel. Every
// refusal (claimed already, another account's email, revoked, expired, unverified email) is shown
// with the server's message.
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { FormOutcome } from '@/components/form/form-outcome';
import { SignInOrSignUp } from '@/components/sign-in-required';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { DateText } from '@/components/date-text';
import { useInvite } from '@/features/onboarding/api/get-invite';
import { useClaimInvite } from '@/features/onboarding/api/claim-invite';
import { useState } from 'react';
import '@/features/onboarding/components/claim-invite.css';
import { sportLabel } from '@shared/catalog/sports';

const STATE_TEXT = {
  claimed: 'This invite has already been claimed.',
  revoked: 'This invite was withdrawn by the collective; ask it for a new one.',
  expired: 'This invite has expired; ask the collective for a new one.',
} as const;

export default function ClaimInvite() {
  const { code = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const here = paths.claim.getHref(code);
  const invite = useInvite(code, session !== null);
  const claim = useClaimInvite(code);
  const [error, setError] = useState<string | null>(null);
  const [unlinked, setUnlinked] = useState(false);

  const submit = async () => {
    setError(null);
    setUnlinked(false);
    try {
      const result = await claim.trigger();
      if (result.linked) navigate(paths.athleteAdmin.getHref(), { replace: true });
      else setUnlinked(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The claim failed. Try again.');
    }
  };

  let body;
  if (!session) {
    body = (
      <SignInOrSignUp back={here} first="login">
        Sign in or create an account with the email address the invite was sent to, then claim your profile here. Your invite link is kept while you sign in.
      </SignInOrSignUp>
    );
  } else if (invite.error) {
    const e = invite.error;
    body = (
      <ErrorBox
        message={
          e instanceof ApiError && e.status === 404 ? 'This invite link is not valid. Check the link, or ask your collective for a new invite.' : e.message
        }
        onRetry={() => void invite.mutate()}
      />
    );
  } else if (!invite.data) {
    body = <Spinner label="Loading your invite..." />;
  } else {
    const { athlete, collectiveName, email, state, expiresAt } = invite.data;
    body = (
      <>
        <div className="claim-athlete">
          <FallbackImage src={athlete.image} alt={`Portrait of ${athlete.name}`} width={96} height={96} className="claim-avatar" />
          <div>
            <h2 className="claim-name">{athlete.name}</h2>
            <p className="muted">
              {sportLabel(athlete.sport)} · {athlete.position} · {athlete.school}
            </p>
          </div>
        </div>
        <p>
          {collectiveName || 'Your collective'} invited <strong>{email}</strong> to run this athlete&apos;s profile on Drift: approve cards before they go on
          sale, read sales and payouts.
        </p>
        {state === 'open' ? (
          <>
            <p className="hint">
              Valid until <DateText iso={expiresAt} />. You are signed in as {session.claims.email ?? session.claims['cognito:username']}.
            </p>
            <button type="button" className="btn btn-primary btn-lg" disabled={claim.isMutating} onClick={() => void submit()}>
              {claim.isMutating ? 'Claiming...' : 'Claim'}
            </button>
          </>
        ) : (
          <p role="alert" className="form-error">
            {STATE_TEXT[state]}
          </p>
        )}
        <FormOutcome error={error} />
        {unlinked && (
          <p role="alert" className="form-error">
            The profile is yours, but your sign-in does not show it yet. Sign out and in again to open your athlete panel.
          </p>
        )}
      </>
    );
  }

  return (
    <div className="page container narrow">
      <div className="form-card">
        <p className="eyebrow">Athlete invite</p>
        <h1 className="page-title">Claim your athlete profile</h1>
        {body}
      </div>
    </div>
  );
}
