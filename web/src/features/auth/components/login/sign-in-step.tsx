// Login, first step: username or email, password, Remember me, Forgot password?, Google when
// configured. An account whose email is not confirmed yet goes on to the code step.
import type { Dispatch } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { InputField } from '@/components/form/field';
import { Form } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { paths } from '@/config/paths';
import { authErrorMessage, deliveredTo } from '@/features/auth/api/auth';
import { useSignIn } from '@/features/auth/api/sign-in';
import { useResendSignUpCode } from '@/features/auth/api/sign-up';
import { GoogleButton } from '@/features/auth/components/google-button';
import { CognitoError } from '@/lib/auth/cognito-error';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';
import { UsernameField } from '@/features/auth/components/login/step-parts';

export function SignInStep({ state, dispatch, next }: { state: LoginState; dispatch: Dispatch<LoginAction>; next: string | null }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const resend = useResendSignUpCode();
  const form = useFormSubmit({
    check: () => ({
      value: { username: state.username, password: state.password, remember: state.remember, next },
      message: !state.username.trim() || !state.password ? 'Enter your username or email and your password.' : null,
    }),
    // Signed in (where to go), or not confirmed yet (the code is sent again for the next step).
    send: async (input) => {
      try {
        return { to: await signIn.trigger(input) };
      } catch (error) {
        if (!(error instanceof CognitoError && error.type === 'UserNotConfirmedException')) throw error;
        const delivery = await resend.trigger({ username: input.username }).catch(() => ({ Destination: undefined }));
        return { confirm: `Your account is not confirmed yet. ${deliveredTo(delivery.Destination)} Enter it below.` };
      }
    },
    onSuccess: (outcome) => {
      if ('confirm' in outcome) return void dispatch({ type: 'go', step: 'confirm', note: outcome.confirm });
      dispatch({ type: 'leaving' });
      navigate(outcome.to, { replace: true });
    },
    texts: { failed: (error) => authErrorMessage(error, 'signIn') },
    onFailure: ({ message }) => dispatch({ type: 'failed', error: message ?? '' }),
  });

  const busy = form.submitting || resend.isMutating;
  return (
    <>
      <p className="muted">Sign in to manage your cards, stats or collective.</p>
      <GoogleButton label="Sign in with Google" remember={state.remember} next={next} />
      <Form form={form} aria-label="Sign in">
        <UsernameField state={state} dispatch={dispatch} />
        <InputField
          label="Password"
          required
          name="password"
          type="password"
          autoComplete="current-password"
          value={state.password}
          onValue={(value) => dispatch({ type: 'edit', field: 'password', value })}
        />
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
      </Form>
      <p className="center small">
        Don&apos;t have an account? <Link to={next ? `${paths.signup.getHref()}?next=${encodeURIComponent(next)}` : paths.signup.getHref()}>Sign up</Link>
      </p>
    </>
  );
}
