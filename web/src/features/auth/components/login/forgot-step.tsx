// Login, forgot password: the username or email to send a reset code to.
import type { Dispatch } from 'react';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { authErrorMessage, deliveredTo } from '@/features/auth/api/auth';
import { useForgotPassword } from '@/features/auth/api/reset-password';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';

export function ForgotStep({ state, dispatch }: { state: LoginState; dispatch: Dispatch<LoginAction> }) {
  const forgot = useForgotPassword();

  const submit = async () => {
    if (!state.username.trim()) {
      dispatch({ type: 'failed', error: 'Enter your username or email.' });
      return;
    }
    try {
      const delivery = await forgot.trigger({ username: state.username });
      dispatch({ type: 'go', step: 'reset', note: `${deliveredTo(delivery.Destination)} Enter it with your new password.` });
    } catch (error) {
      dispatch({ type: 'failed', error: authErrorMessage(error, 'forgot') });
    }
  };

  return (
    <form
      noValidate
      aria-label="Reset your password"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 className="section-title">Reset your password</h2>
      <p className="muted">We will email you a code to set a new password.</p>
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
      <FormOutcome success={state.note} error={state.error} />
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={forgot.isMutating}>
        Send code
      </button>
      <button type="button" className="link-button" onClick={() => dispatch({ type: 'go', step: 'signIn' })}>
        Back to sign in
      </button>
    </form>
  );
}
