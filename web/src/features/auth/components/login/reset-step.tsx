// Login, new password: the emailed code and the new password twice; then signed in with it (or
// back to sign in with a note if that fails).
import type { Dispatch } from 'react';
import { useNavigate } from 'react-router-dom';
import { InputField } from '@/components/form/field';
import { Form } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { authErrorMessage, PASSWORD_RULES } from '@/features/auth/api/auth';
import { useForgotPassword, useResetPassword } from '@/features/auth/api/reset-password';
import { useSignIn } from '@/features/auth/api/sign-in';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';
import { CodeField, CodeStepLinks } from '@/features/auth/components/login/step-parts';

function problemOf({ code, password, confirmation }: { code: string; password: string; confirmation: string }): string | null {
  if (!code.trim() || !password) return 'Enter the code from the email and a new password.';
  if (password !== confirmation) return 'Passwords do not match.';
  return null;
}

export function ResetStep({ state, dispatch, next }: { state: LoginState; dispatch: Dispatch<LoginAction>; next: string | null }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const signIn = useSignIn();
  const form = useForm({
    initial: { code: '', password: '', confirmation: '' },
    check: (values) => ({ value: { username: state.username, code: values.code, password: values.password }, message: problemOf(values) }),
    // The new password, then signed in with it: where to go, or null when signing in failed.
    send: async (input) => {
      await reset.trigger(input);
      return signIn.trigger({ username: input.username, password: input.password, remember: state.remember, next }).catch(() => null);
    },
    onSuccess: (to) => {
      if (to === null) return void dispatch({ type: 'passwordChanged', note: 'Your password has been changed. Sign in with your new password.' });
      dispatch({ type: 'leaving' });
      navigate(to, { replace: true });
    },
    texts: { failed: (error) => authErrorMessage(error, 'reset') },
    onFailure: ({ message }) => dispatch({ type: 'failed', error: message ?? '' }),
  });

  const busy = form.submitting || resend.isMutating;
  return (
    <Form form={form} aria-label="Choose a new password">
      <h2 className="section-title">Choose a new password</h2>
      <CodeField {...form.field('code')} />
      <InputField
        label="New password"
        required
        hint={`Use ${PASSWORD_RULES}.`}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <InputField label="Confirm new password" required name="confirmNewPassword" type="password" autoComplete="new-password" {...form.field('confirmation')} />
      <FormOutcome success={state.note} error={state.error} />
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
        Set new password
      </button>
      <CodeStepLinks resend={resend.trigger} step="forgot" username={state.username} busy={busy} dispatch={dispatch} />
    </Form>
  );
}
