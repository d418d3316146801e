// Login, an account not confirmed yet: the code Cognito emailed, then signed in with the password
// already typed.
import { useState, type Dispatch } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { authErrorMessage, landingPath, deliveredTo } from '@/features/auth/api/auth';
import { useConfirmSignUp, useResendSignUpCode } from '@/features/auth/api/sign-up';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';

export function ConfirmStep({ state, dispatch, next }: { state: LoginState; dispatch: Dispatch<LoginAction>; next: string | null }) {
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();
  const resend = useResendSignUpCode();
  const [code, setCode] = useState('');
  const busy = confirm.isMutating || resend.isMutating;

  const submit = async () => {
    if (!code.trim()) {
      dispatch({ type: 'failed', error: 'Enter the code from the email.' });
      return;
    }
    try {
      const session = await confirm.trigger({ username: state.username, password: state.password, code, remember: state.remember });
      dispatch({ type: 'leaving' });
      navigate(landingPath(session, state.username, next), { replace: true });
    } catch (error) {
      dispatch({ type: 'failed', error: authErrorMessage(error, 'confirm') });
    }
  };

  const sendAgain = async () => {
    try {
      const delivery = await resend.trigger({ username: state.username });
      dispatch({ type: 'noted', note: deliveredTo(delivery.Destination) });
    } catch (error) {
      dispatch({ type: 'failed', error: authErrorMessage(error, 'confirm') });
    }
  };

  return (
    <form
      noValidate
      aria-label="Confirm your email"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="section-title">Confirm your email</h2>
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
      <FormOutcome success={state.note} error={state.error} />
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        Confirm and sign in
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
