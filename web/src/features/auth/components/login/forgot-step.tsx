// Login, forgot password: the username or email to send a reset code to.
import type { Dispatch } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { authErrorMessage, deliveredTo } from '@/features/auth/api/auth';
import { useForgotPassword } from '@/features/auth/api/reset-password';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';
import { BackToSignIn, UsernameField } from '@/features/auth/components/login/step-parts';

export function ForgotStep({ state, dispatch }: { state: LoginState; dispatch: Dispatch<LoginAction> }) {
  const forgot = useForgotPassword();
  const form = useFormSubmit({
    check: () => ({ value: { username: state.username }, message: state.username.trim() ? null : 'Enter your username or email.' }),
    send: (input) => forgot.trigger(input),
    onSuccess: (delivery) => dispatch({ type: 'go', step: 'reset', note: `${deliveredTo(delivery.Destination)} Enter it with your new password.` }),
    texts: { failed: (error) => authErrorMessage(error, 'forgot') },
    onFailure: ({ message }) => dispatch({ type: 'failed', error: message ?? '' }),
  });

  return (
    <Form form={form} aria-label="Reset your password">
      <h2 className="section-title">Reset your password</h2>
      <p className="muted">We will email you a code to set a new password.</p>
      <UsernameField state={state} dispatch={dispatch} />
      <FormOutcome success={state.note} error={state.error} />
      <SubmitButton form={form} className="btn btn-primary btn-block btn-lg">
        Send code
      </SubmitButton>
      <BackToSignIn dispatch={dispatch} />
    </Form>
  );
}
