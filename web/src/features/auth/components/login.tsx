// Login (/login): 'Welcome Back'. The flow (login/login-flow.ts) moves between one component per
// step: sign in with username or email and password (Cognito SRP; Remember me; the demo role words
// land on the admin panels, docs/ARCHITECTURE.md "Screen rules"), the email code of an account not confirmed yet, Forgot
// password? (a code by email, then a new password), and the return from Google's hosted UI.
// Someone already signed in is offered to continue or sign out.
import { useReducer } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { landingPath, safeNext } from '@/features/auth/api/auth';
import { displayName, signOut, useSession } from '@/lib/auth/session-store';
import { ConfirmStep } from '@/features/auth/components/login/confirm-step';
import { ForgotStep } from '@/features/auth/components/login/forgot-step';
import { GoogleReturn } from '@/features/auth/components/login/google-return';
import { initialLoginState, loginReducer } from '@/features/auth/components/login/login-flow';
import { ResetStep } from '@/features/auth/components/login/reset-step';
import { SignInStep } from '@/features/auth/components/login/sign-in-step';

function SignedIn({ next }: { next: string | null }) {
  const session = useSession();
  if (!session) return null;
  return (
    <>
      <p>
        You are signed in as <strong>{displayName(session)}</strong>.
      </p>
      <Link className="btn btn-primary btn-block btn-lg" to={landingPath(session, '', next)}>
        Continue
      </Link>
      <button type="button" className="btn btn-ghost btn-block" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

export default function Login() {
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const [state, dispatch] = useReducer(loginReducer, params, initialLoginState);
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const next = safeNext(params.get('next')) ?? safeNext(from?.pathname ? from.pathname + (from.search ?? '') : null);
  const alreadySignedIn = session !== null && state.step === 'signIn' && !state.leaving;

  return (
    <div className="page container narrow">
      <div className="form-card">
        <h1 className="page-title">Welcome Back</h1>
        {alreadySignedIn ? (
          <SignedIn next={next} />
        ) : (
          <>
            {state.step === 'google' && <GoogleReturn dispatch={dispatch} />}
            {state.step === 'signIn' && <SignInStep state={state} dispatch={dispatch} next={next} />}
            {state.step === 'confirm' && <ConfirmStep state={state} dispatch={dispatch} next={next} />}
            {state.step === 'forgot' && <ForgotStep state={state} dispatch={dispatch} />}
            {state.step === 'reset' && <ResetStep state={state} dispatch={dispatch} next={next} />}
          </>
        )}
      </div>
    </div>
  );
}
