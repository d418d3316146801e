// Forgot password: the emailed code, then a new password (see sign-in.ts for why mutations).
import useSWRMutation from 'swr/mutation';
import { confirmForgotPassword, forgotPassword } from '@/lib/auth/cognito';

export function useForgotPassword() {
  return useSWRMutation('auth:forgot', (_key: string, { arg }: { arg: { username: string } }) => forgotPassword(arg.username));
}

export function useResetPassword() {
  return useSWRMutation('auth:reset', (_key: string, { arg }: { arg: { username: string; code: string; password: string } }) =>
    confirmForgotPassword(arg.username, arg.code, arg.password),
  );
}
