// What the login steps (and sign-up's email step) share: the username or email field, the emailed
// verification code's field, and the links under a step's button: Resend code, Back to sign in.
import type { Dispatch } from 'react';
import { InputField } from '@/components/form/field';
import type { FieldBinding } from '@/components/form/use-form-submit';
import { authErrorMessage, deliveredTo, type AuthStep } from '@/features/auth/api/auth';
import type { LoginAction, LoginState } from '@/features/auth/components/login/login-flow';

/** The username or email, which the sign-in and forgot-password steps share (the flow's state). */
export function UsernameField({ state, dispatch }: { state: LoginState; dispatch: Dispatch<LoginAction> }) {
  return (
    <InputField
      label="Username or email"
      required
      name="username"
      autoComplete="username"
      value={state.username}
      onValue={(value) => dispatch({ type: 'edit', field: 'username', value })}
    />
  );
}

export function CodeField(binding: FieldBinding<string>) {
  return <InputField label="Verification code" required name="code" inputMode="numeric" autoComplete="one-time-code" {...binding} />;
}

export function BackToSignIn({ dispatch }: { dispatch: Dispatch<LoginAction> }) {
  return (
    <button type="button" className="link-button" onClick={() => dispatch({ type: 'go', step: 'signIn' })}>
      Back to sign in
    </button>
  );
}

/** Resend code and Back to sign in, side by side under a code step's button. Resend code asks
 * `resend` for another code: where it went is the step's note, a failure its error (worded for `step`). */
export function CodeStepLinks({
  resend,
  step,
  username,
  busy,
  dispatch,
}: {
  resend: (input: { username: string }) => Promise<{ Destination?: string }>;
  step: AuthStep;
  username: string;
  busy: boolean;
  dispatch: Dispatch<LoginAction>;
}) {
  const sendAgain = async () => {
    try {
      const delivery = await resend({ username });
      dispatch({ type: 'noted', note: deliveredTo(delivery.Destination) });
    } catch (error) {
      dispatch({ type: 'failed', error: authErrorMessage(error, step) });
    }
  };
  return (
    <div className="form-row-between">
      <ResendCode onResend={() => void sendAgain()} busy={busy} />
      <BackToSignIn dispatch={dispatch} />
    </div>
  );
}

export function ResendCode({ onResend, busy }: { onResend: () => void; busy: boolean }) {
  return (
    <button type="button" className="link-button" onClick={onResend} disabled={busy}>
      Resend code
    </button>
  );
}
