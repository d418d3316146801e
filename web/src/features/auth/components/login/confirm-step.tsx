// Login, an account not confirmed yet: the code Cognito emailed, then signed in with the password
// already typed.
import type { Dispatch } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { authErrorMessage, landingPath } from '@/features/auth/api/auth';
import { useConfirmSignUp, useResendSignUpCode } from '@/features/auth/api/sign-up';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';
import { CodeField, CodeStepLinks } from '@/features/auth/components/login/step-parts';

export function ConfirmStep({ state, dispatch, next }: { state: LoginState; dispatch: Dispatch<LoginAction>; next: string | null }) {
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();
  const resend = useResendSignUpCode();
  const form = useForm({
    initial: { code: '' },
    check: ({ code }) => ({
      value: { username: state.username, password: state.password, code, remember: state.remember },
      message: code.trim() ? null : 'Enter the code from the email.',
    }),
    send: (input) => confirm.trigger(input),
    onSuccess: (session) => {
      dispatch({ type: 'leaving' });
      navigate(landingPath(session, state.username, next), { replace: true });
    },
    texts: { failed: (error) => authErrorMessage(error, 'confirm') },
    onFailure: ({ message }) => dispatch({ type: 'failed', error: message ?? '' }),
  });

  const busy = form.submitting || resend.isMutating;
  return (
    <Form form={form} aria-label="Confirm your email">
      <h2 className="section-title">Confirm your email</h2>
      <CodeField {...form.field('code')} />
      <FormOutcome success={state.note} error={state.error} />
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        Confirm and sign in
      </button>
      <CodeStepLinks resend={resend.trigger} step="confirm" username={state.username} busy={busy} dispatch={dispatch} />
    </Form>
  );
}
