// Signing up and confirming the email code as mutations (see sign-in.ts for why mutations).
import useSWRMutation from 'swr/mutation';
import { confirmSignUp, resendSignUpCode, signIn, signUp, type SignUpInput } from '@/lib/auth/cognito';

export function useSignUp() {
  return useSWRMutation('auth:sign-up', (_key: string, { arg }: { arg: SignUpInput }) => signUp(arg));
}

/** Confirms the emailed code, then signs in with the password just chosen. */
export function useConfirmSignUp() {
  return useSWRMutation('auth:confirm', async (_key: string, { arg }: { arg: { username: string; password: string; code: string; remember: boolean } }) => {
    await confirmSignUp(arg.username, arg.code);
    return signIn(arg.username, arg.password, arg.remember);
  });
}

export function useResendSignUpCode() {
  return useSWRMutation('auth:resend', (_key: string, { arg }: { arg: { username: string } }) => resendSignUpCode(arg.username));
}
