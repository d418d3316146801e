// The rules of the login and sign-up screens: validation, one clear message per Cognito failure,
// and where to go after signing in. The calls themselves live in lib/auth/.
import { CognitoError } from '@/lib/auth/cognito-error';
import { writeDemoRole } from '@/lib/demo-role';
import { groupsOf, type Session } from '@/lib/auth/session-store';
import type { SignUpInput } from '@/lib/auth/cognito';
import { NOT_ELIGIBLE, birthDateError, screenAge, todayAnywhereOnEarth } from '@shared/platform/age';

export const INVALID_CREDENTIALS =
  'Invalid credentials: incorrect username or password. For the demo, use "athlete" or "collective" as both username and password.';

/** The demo role words: username and password equal to the word, landing on the panels (docs/ARCHITECTURE.md, "Screen rules"). */
export const DEMO_ACCOUNTS: Record<string, { role: 'athlete' | 'collective'; redirectTo: string }> = {
  collective: { role: 'collective', redirectTo: '/collective-admin-panel' },
  athlete: { role: 'athlete', redirectTo: '/athlete-admin-panel' },
};

export type AuthStep = 'signIn' | 'signUp' | 'confirm' | 'forgot' | 'reset' | 'google';

/** Where Cognito sent a code, as the steps say it. */
export const deliveredTo = (destination?: string) => (destination ? `We emailed a code to ${destination}.` : 'We emailed you a code.');

export const PASSWORD_RULES = 'at least 8 characters, including a lowercase letter and a number';

/** One message per failure, worded for the step the user is on. */
export function authErrorMessage(error: unknown, step: AuthStep): string {
  if (!(error instanceof CognitoError)) return 'Something went wrong. Please try again.';
  switch (error.type) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(error.message)) return 'Too many failed sign-in attempts. Wait a few minutes, or reset your password.';
      if (step === 'signIn') return INVALID_CREDENTIALS;
      if (step === 'confirm') return 'This account is already confirmed. Sign in instead.';
      return error.message;
    case 'UserNotConfirmedException':
      return 'Your account is not confirmed yet. Enter the code we emailed you.';
    case 'UserNotFoundException':
      return step === 'signIn' ? INVALID_CREDENTIALS : 'No account matches that username or email.';
    case 'UsernameExistsException':
      return 'An account with this username or email already exists. Sign in instead.';
    case 'InvalidPasswordException':
      return `Password is too weak: use ${PASSWORD_RULES}.`;
    case 'CodeMismatchException':
      return 'That code is not correct. Check the email and try again.';
    case 'ExpiredCodeException':
      return 'That code has expired. Request a new one.';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return 'Too many attempts. Please wait a few minutes and try again.';
    case 'InvalidParameterException':
      if (/already confirmed/i.test(error.message)) return 'This account is already confirmed. Sign in instead.';
      return error.message || 'Please check the details you entered.';
    case 'UserLambdaValidationException':
      return triggerMessage(error) ?? NOT_ELIGIBLE;
    case 'NetworkError':
      return 'Could not reach the sign-in service. Check your connection and try again.';
    case 'AuthUnavailable':
    case 'InvalidState':
    case 'ChallengeRequired':
      return error.message;
    default:
      return step === 'signUp' ? 'Sign up failed. Please try again.' : 'Sign in failed. Please try again.';
  }
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/signup')) return null;
  return next;
}

/** Where a fresh sign-in lands: back where the user came from, the role words on their panels, else by group. */
export function landingPath(session: Session, username: string, next: string | null): string {
  const word = DEMO_ACCOUNTS[username.trim().toLowerCase()];
  if (word) writeDemoRole(word.role);
  if (next) return next;
  if (word) return word.redirectTo;
  const groups = groupsOf(session);
  if (groups.includes('athlete')) return '/athlete';
  if (groups.includes('collective')) return '/collective';
  return '/mycards';
}

/** A Google sign-up's account has no age band (its sign-up could not ask): it answers the birth-date
 * question on the account page before anything else (shared/platform/age.ts). */
export function needsAgeQuestion(session: Session): boolean {
  const claims = session.claims as unknown as Record<string, unknown>;
  return !claims['custom:ageBand'] && claims.identities !== undefined;
}

/** Sign-in without a user pool (no auth in /config.json): only the role words, as the open demo. */
export function demoOnlySignIn(username: string, password: string): string {
  const account = DEMO_ACCOUNTS[username.trim()];
  if (!account || password !== username.trim()) throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
  writeDemoRole(account.role);
  return account.redirectTo;
}

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** The age screen's question (YYYY-MM-DD, from a date input). */
  birthDate: string;
}

export type SignupErrors = Partial<Record<keyof SignupValues | 'form', string>>;

export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  if (!values.username.trim()) errors.username = 'Username is required.';
  if (!values.email.trim()) errors.email = 'Email is required.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(values.email.trim())) errors.email = 'Please enter a valid email address.';
  if (!values.password) errors.password = 'Password is required.';
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password.';
  if (values.password && values.confirmPassword && values.password !== values.confirmPassword) errors.confirmPassword = 'Passwords do not match.';
  const birthDate = birthDateError(values.birthDate, todayAnywhereOnEarth(Date.now()));
  if (birthDate) errors.birthDate = birthDate;
  return errors;
}

/** The age screen's verdict on a complete form: the sign-up to send, or refused (under 13). */
export function screenSignup(values: SignupValues, nowMs = Date.now()): SignUpInput | null {
  const screen = screenAge(values.birthDate, nowMs);
  if (!screen.allowed) return null;
  return { username: values.username, email: values.email, password: values.password, birthDate: values.birthDate.trim(), ageBand: screen.band };
}

/** Cognito's refusal by the pre sign-up trigger ("PreSignUp failed with error <message>."): the message. */
export function triggerMessage(error: unknown): string | null {
  if (!(error instanceof CognitoError) || error.type !== 'UserLambdaValidationException') return null;
  const match = /failed with error (.*?)\.?$/s.exec(error.message);
  return match ? match[1] : NOT_ELIGIBLE;
}
