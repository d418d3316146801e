// Demo sign-in. Real sign-in (Cognito) plugs in here later: the screens only call `signIn`/`signUp`.
import { writeDemoRole } from '../../../lib/demo-role';

export interface Credentials {
  username: string;
  password: string;
  remember?: boolean;
}

export const INVALID_CREDENTIALS = 'Invalid credentials. Use "athlete" or "collective" as both username and password.';

const DEMO_ACCOUNTS: Record<string, { role: 'athlete' | 'collective'; redirectTo: string }> = {
  collective: { role: 'collective', redirectTo: '/collective-admin-panel' },
  athlete: { role: 'athlete', redirectTo: '/athlete-admin-panel' },
};

export class InvalidCredentials extends Error {
  constructor() {
    super(INVALID_CREDENTIALS);
    this.name = 'InvalidCredentials';
  }
}

/** The two demo accounts: username and password both equal to the role word. */
export async function signIn({ username, password }: Credentials): Promise<{ redirectTo: string }> {
  const account = DEMO_ACCOUNTS[username.trim()];
  if (!account || password !== username.trim()) throw new InvalidCredentials();
  writeDemoRole(account.role);
  return { redirectTo: account.redirectTo };
}

export interface SignupValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type SignupErrors = Partial<Record<keyof SignupValues | 'form', string>>;

export function validateSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  if (!values.username.trim()) errors.username = 'Username is required.';
  if (!values.email.trim()) errors.email = 'Email is required.';
  if (!values.password) errors.password = 'Password is required.';
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your password.';
  if (values.password && values.confirmPassword && values.password !== values.confirmPassword) errors.confirmPassword = 'Passwords do not match.';
  return errors;
}

/** Mock sign-up: logs the account (without the password) until real sign-up exists. */
export async function signUp(values: SignupValues): Promise<void> {
  console.info('Sign up', { username: values.username, email: values.email });
}
