// Login, new password: the emailed code and the new password twice; then signed in with it (or
// back to sign in with a note if that fails).
import { useState, type Dispatch } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { authErrorMessage, PASSWORD_RULES, deliveredTo } from '@/features/auth/api/auth';
import { useForgotPassword, useResetPassword } from '@/features/auth/api/reset-password';
import { useSignIn } from '@/features/auth/api/sign-in';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';

export function ResetStep({ state, dispatch, next }: { state: LoginState; dispatch: Dispatch<LoginAction>; next: string | null }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const signIn = useSignIn();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const busy = reset.isMutating || resend.isMutating || signIn.isMutating;

  const submit = async () => {
    if (!code.trim() || !password) {
      dispatch({ type: 'failed', error: 'Enter the code from the email and a new password.' });
      return;
    }
    if (password !== confirmation) {
      dispatch({ type: 'failed', error: 'Passwords do not match.' });
      return;
    }
    try {
      await reset.trigger({ username: state.username, code, password });
    } catch (error) {
      dispatch({ type: 'failed', error: authErrorMessage(error, 'reset') });
      return;
    }
    try {
      const to = await signIn.trigger({ username: state.username, password, remember: state.remember, next });
      dispatch({ type: 'leaving' });
      navigate(to, { replace: true });
    } catch {
      dispatch({ type: 'passwordChanged', note: 'Your password has been changed. Sign in with your new password.' });
    }
  };

  const sendAgain = async () => {
    try {
      const delivery = await resend.trigger({ username: state.username });
      dispatch({ type: 'noted', note: deliveredTo(delivery.Destination) });
    } catch (error) {
      dispatch({ type: 'failed', error: authErrorMessage(error, 'forgot') });
    }
  };

  return (
    <form
      noValidate
      aria-label="Choose a new password"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="section-title">Choose a new password</h2>
      <Field label="Verification code" required>
        {(control) => (
          <input
            {...control}
            className="input"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Field label="New password" required hint={`Use ${PASSWORD_RULES}.`}>
        {(control) => (
          <input
            {...control}
            className="input"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label="Confirm new password" required>
        {(control) => (
          <input
            {...control}
            className="input"
            name="confirmNewPassword"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
        )}
      </Field>
      <FormOutcome success={state.note} error={state.error} />
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        Set new password
      </button>
      <div className="form-row-between">
        <button type="button" className="link-button" onClick={() => void sendAgain()} disabled={busy}>
          Resend code
        </button>
        <button type="button" className="link-button" onClick={() => dispatch({ type: 'go', step: 'signIn' })}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
