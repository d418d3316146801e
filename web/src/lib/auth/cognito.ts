// The Cognito user-pool calls of the web app: sign-in (SRP), sign-up and its email code, password
// reset. The pool comes from /config.json; a deployment without one (the open demo) answers
// AuthUnavailable. Sign-in installs the session in the session store. The token calls the session
// store itself makes (refresh, revocation) are cognito-tokens.ts, which knows no session store, so
// the two modules do not import each other.
import { cognitoCall, signInWithSrp, type CodeDeliveryDetails } from '@/lib/auth/cognito-client';
import { CognitoError } from '@/lib/auth/cognito-error';
import { authConfig } from '@/lib/auth/cognito-tokens';
import { applySession, sessionFromResult, type Session } from '@/lib/auth/session-store';

export async function signIn(username: string, password: string, remember: boolean): Promise<Session> {
  const auth = await authConfig();
  // SRP: the password never leaves the browser (the user pool client allows no USER_PASSWORD_AUTH).
  const result = await signInWithSrp(auth.endpoint, auth, username.trim(), password);
  if (!result.AuthenticationResult) throw new CognitoError('ChallengeRequired', 'This account needs an extra sign-in step that this app does not support yet.');
  const session = sessionFromResult(result.AuthenticationResult, remember);
  applySession(session);
  return session;
}

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  /** The age screen (shared/platform/age.ts): the date of birth goes in ValidationData, which the pool's
   * pre sign-up trigger checks and Cognito never stores; only the band it gives is kept. */
  birthDate: string;
  ageBand: 'minor' | 'adult';
}

export async function signUp(input: SignUpInput): Promise<CodeDeliveryDetails> {
  const auth = await authConfig();
  const result = await cognitoCall<{ CodeDeliveryDetails?: CodeDeliveryDetails }>(auth.endpoint, 'SignUp', {
    ClientId: auth.clientId,
    Username: input.username.trim(),
    Password: input.password,
    UserAttributes: [
      { Name: 'email', Value: input.email.trim() },
      { Name: 'custom:ageBand', Value: input.ageBand },
    ],
    ValidationData: [{ Name: 'birthdate', Value: input.birthDate.trim() }],
  });
  return result.CodeDeliveryDetails ?? {};
}

export async function confirmSignUp(username: string, code: string): Promise<void> {
  const auth = await authConfig();
  await cognitoCall(auth.endpoint, 'ConfirmSignUp', { ClientId: auth.clientId, Username: username.trim(), ConfirmationCode: code.trim() });
}

export async function resendSignUpCode(username: string): Promise<CodeDeliveryDetails> {
  const auth = await authConfig();
  const result = await cognitoCall<{ CodeDeliveryDetails?: CodeDeliveryDetails }>(auth.endpoint, 'ResendConfirmationCode', {
    ClientId: auth.clientId,
    Username: username.trim(),
  });
  return result.CodeDeliveryDetails ?? {};
}

export async function forgotPassword(username: string): Promise<CodeDeliveryDetails> {
  const auth = await authConfig();
  const result = await cognitoCall<{ CodeDeliveryDetails?: CodeDeliveryDetails }>(auth.endpoint, 'ForgotPassword', {
    ClientId: auth.clientId,
    Username: username.trim(),
  });
  return result.CodeDeliveryDetails ?? {};
}

export async function confirmForgotPassword(username: string, code: string, password: string): Promise<void> {
  const auth = await authConfig();
  await cognitoCall(auth.endpoint, 'ConfirmForgotPassword', {
    ClientId: auth.clientId,
    Username: username.trim(),
    ConfirmationCode: code.trim(),
    Password: password,
  });
}
