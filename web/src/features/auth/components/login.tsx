// Login (/login): 'Welcome Back'. Sign in with username or email and password (Cognito), Remember
// me, Forgot password? (code by email, then a new password), the email-code step for accounts not
// yet confirmed, Google when configured, and the return from Google's hosted UI. The demo role
// words sign in to the demo accounts and land on the admin panels (SPEC 5).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FormMessages, TextField } from '@/components/form-field';
import { paths } from '@/config/paths';
import { CognitoError } from '@/lib/auth/cognito-error';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { displayName, signOut, useSession } from '@/lib/auth/session-store';
import { confirmForgotPassword, confirmSignUp, forgotPassword, resendSignUpCode, signIn } from '@/lib/auth/cognito';
import { completeGoogleSignIn } from '@/lib/auth/google';
import { authErrorMessage, demoOnlySignIn, landingPath, PASSWORD_RULES, safeNext, type AuthStep } from '@/features/auth/api/auth';
import { deliveredTo } from './auth-messages';
import { GoogleButton } from './google-button';

type Step = 'signIn' | 'confirm' | 'forgot' | 'reset' | 'google';

export default function Login() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  const next = safeNext(params.get('next')) ?? safeNext(from?.pathname ? from.pathname + (from.search ?? '') : null);

  const [step, setStep] = useState<Step>(params.get('code') && params.get('state') ? 'google' : 'signIn');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNew, setConfirmNew] = useState('');
  const [error, setError] = useState<string | null>(params.get('error') ? 'Google sign-in was cancelled or failed. Please try again.' : null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signingIn = useRef(false);

  const go = (step: Step, message: string | null = null) => {
    setStep(step);
    setError(null);
    setNote(message);
    setCode('');
  };

  const run = async (work: () => Promise<void>, errorStep: AuthStep) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(authErrorMessage(err, errorStep));
    } finally {
      setBusy(false);
    }
  };

  const finishSignIn = async (user: string, pass: string) => {
    signingIn.current = true;
    try {
      const s = await signIn(user, pass, remember);
      navigate(landingPath(s, user, next), { replace: true });
    } finally {
      signingIn.current = false;
    }
  };

  // Returning from Google's hosted UI with ?code=&state=.
  useEffect(() => {
    const oauthCode = params.get('code');
    const state = params.get('state');
    if (!oauthCode || !state) return;
    let live = true;
    completeGoogleSignIn(oauthCode, state)
      .then(({ session: s, next: back }) => {
        if (live) navigate(landingPath(s, '', safeNext(back)), { replace: true });
      })
      .catch((err: unknown) => {
        if (!live) return;
        setStep('signIn');
        setError(authErrorMessage(err, 'google'));
      });
    return () => {
      live = false;
    };
    // Only on arrival: the code is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submitSignIn = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError('Enter your username or email and your password.');
      return;
    }
    void run(async () => {
      if (!(await loadRuntimeConfig()).auth) {
        navigate(next ?? demoOnlySignIn(username, password));
        return;
      }
      try {
        await finishSignIn(username, password);
      } catch (err) {
        if (err instanceof CognitoError && err.type === 'UserNotConfirmedException') {
          const delivery = await resendSignUpCode(username).catch(() => ({ Destination: undefined }));
          go('confirm', `Your account is not confirmed yet. ${deliveredTo(delivery.Destination)} Enter it below.`);
          return;
        }
        throw err;
      }
    }, 'signIn');
  };

  const submitConfirm = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from the email.');
      return;
    }
    void run(async () => {
      await confirmSignUp(username, code);
      await finishSignIn(username, password);
    }, 'confirm');
  };

  const submitForgot = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) {
      setError('Enter your username or email.');
      return;
    }
    void run(async () => {
      const delivery = await forgotPassword(username);
      go('reset', `${deliveredTo(delivery.Destination)} Enter it with your new password.`);
    }, 'forgot');
  };

  const submitReset = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || !newPassword) {
      setError('Enter the code from the email and a new password.');
      return;
    }
    if (newPassword !== confirmNew) {
      setError('Passwords do not match.');
      return;
    }
    void run(async () => {
      await confirmForgotPassword(username, code, newPassword);
      setPassword('');
      try {
        await finishSignIn(username, newPassword);
      } catch {
        go('signIn', 'Your password has been changed. Sign in with your new password.');
      }
    }, 'reset');
  };

  const resend = () =>
    void run(
      async () => {
        const delivery = step === 'confirm' ? await resendSignUpCode(username) : await forgotPassword(username);
        setNote(`${deliveredTo(delivery.Destination)}`);
      },
      step === 'confirm' ? 'confirm' : 'forgot',
    );

  if (session && step === 'signIn' && !busy && !signingIn.current) {
    return (
      <div className="page container narrow">
        <div className="form-card">
          <h1 className="page-title">Welcome Back</h1>
          <p>
            You are signed in as <strong>{displayName(session)}</strong>.
          </p>
          <Link className="btn btn-primary btn-block btn-lg" to={landingPath(session, '', next)}>
            Continue
          </Link>
          <button type="button" className="btn btn-ghost btn-block" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="page container narrow">
      <div className="form-card">
        <h1 className="page-title">Welcome Back</h1>
        {step === 'google' && <p role="status">Signing you in with Google...</p>}

        {step === 'signIn' && (
          <>
            <p className="muted">Sign in to manage your cards, stats or collective.</p>
            <GoogleButton label="Sign in with Google" remember={remember} next={next} />
            <form noValidate onSubmit={submitSignIn} aria-label="Sign in">
              <TextField
                label="Username or email"
                name="username"
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
              <div className="form-row-between">
                <label className="check">
                  <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
                </label>
                <button type="button" className="link-button" onClick={() => go('forgot')}>
                  Forgot password?
                </button>
              </div>
              <FormMessages error={error} note={note} />
              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
                {busy ? 'Signing in...' : 'Sign In'}
              </button>
            </form>
            <p className="center small">
              Don&apos;t have an account? <Link to={next ? `${paths.signup.getHref()}?next=${encodeURIComponent(next)}` : paths.signup.getHref()}>Sign up</Link>
            </p>
          </>
        )}

        {step === 'confirm' && (
          <form noValidate onSubmit={submitConfirm} aria-label="Confirm your email">
            <h2 className="section-title">Confirm your email</h2>
            <TextField
              label="Verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
            <FormMessages error={error} note={note} />
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
              Confirm and sign in
            </button>
            <div className="form-row-between">
              <button type="button" className="link-button" onClick={resend} disabled={busy}>
                Resend code
              </button>
              <button type="button" className="link-button" onClick={() => go('signIn')}>
                Back to sign in
              </button>
            </div>
          </form>
        )}

        {step === 'forgot' && (
          <form noValidate onSubmit={submitForgot} aria-label="Reset your password">
            <h2 className="section-title">Reset your password</h2>
            <p className="muted">We will email you a code to set a new password.</p>
            <TextField
              label="Username or email"
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
            />
            <FormMessages error={error} note={note} />
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
              Send code
            </button>
            <button type="button" className="link-button" onClick={() => go('signIn')}>
              Back to sign in
            </button>
          </form>
        )}

        {step === 'reset' && (
          <form noValidate onSubmit={submitReset} aria-label="Choose a new password">
            <h2 className="section-title">Choose a new password</h2>
            <TextField
              label="Verification code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
            />
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              hint={`Use ${PASSWORD_RULES}.`}
              required
            />
            <TextField
              label="Confirm new password"
              name="confirmNewPassword"
              type="password"
              autoComplete="new-password"
              value={confirmNew}
              onChange={(e) => setConfirmNew(e.target.value)}
              required
            />
            <FormMessages error={error} note={note} />
            <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
              Set new password
            </button>
            <div className="form-row-between">
              <button type="button" className="link-button" onClick={resend} disabled={busy}>
                Resend code
              </button>
              <button type="button" className="link-button" onClick={() => go('signIn')}>
                Back to sign in
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
