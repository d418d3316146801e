// Login, first step: username or email, password, Remember me, Forgot password?, Google when
// configured. An account whose email is not confirmed yet goes on to the code step.
import type { Dispatch } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { paths } from '@/config/paths';
import { authErrorMessage, deliveredTo } from '@/features/auth/api/auth';
import { useSignIn } from '@/features/auth/api/sign-in';
import { useResendSignUpCode } from '@/features/auth/api/sign-up';
import { GoogleButton } from '@/features/auth/components/google-button';
import { CognitoError } from '@/lib/auth/cognito-error';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';

export function SignInStep({ state, dispatch, next }: { state: LoginState; dispatch: Dispatch<LoginAction>; next: string | null }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const resend = useResendSignUpCode();

  const submit = async () => {
    if (!state.username.trim() || !state.password) {
      dispatch({ type: 'failed', error: 'Enter your username or email and your password.' });
      return;
    }
    try {
      const to = await signIn.trigger({ username: state.username, password: state.password, remember: state.remember, next });
      dispatch({ type: 'leaving' });
      navigate(to, { replace: true });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'UserNotConfirmedException') {
        const delivery = await resend.trigger({ username: state.username }).catch(() => ({ Destination: undefined }));
        dispatch({ type: 'go', step: 'confirm', note: `Your account is not confirmed yet. ${deliveredTo(delivery.Destination)} Enter it below.` });
        return;
      }
      dispatch({ type: 'failed', error: authErrorMessage(error, 'signIn') });
    }
  };

  const busy = signIn.isMutating || resend.isMutating;
  return (
    <>
      <p className="muted">Sign in to manage your cards, stats or collective.</p>
      <GoogleButton label="Sign in with Google" remember={state.remember} next={next} />
      <form
        noValidate
        aria-label="Sign in"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="Username or email" required>
          {(control) => (
            <input
              {...control}
              className="input"
              name="username"
              autoComplete="username"
              value={state.username}
              onChange={(e) => dispatch({ type: 'edit', field: 'username', value: e.target.value })}
            />
          )}
        </Field>
        <Field label="Password" required>
          {(control) => (
            <input
              {...control}
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              value={state.password}
              onChange={(e) => dispatch({ type: 'edit', field: 'password', value: e.target.value })}
            />
          )}
        </Field>
        <div className="form-row-between">
          <label className="check">
            <input type="checkbox" checked={state.remember} onChange={(e) => dispatch({ type: 'remember', value: e.target.checked })} /> Remember me
          </label>
          <button type="button" className="link-button" onClick={() => dispatch({ type: 'go', step: 'forgot' })}>
            Forgot password?
          </button>
        </div>
        <FormOutcome success={state.note} error={state.error} />
        <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="center small">
        Don&apos;t have an account? <Link to={next ? `${paths.signup.getHref()}?next=${encodeURIComponent(next)}` : paths.signup.getHref()}>Sign up</Link>
      </p>
    </>
  );
}
