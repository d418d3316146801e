// Signing in as mutations (useSWRMutation: busy state and errors in one place; nothing cached:
// the session store holds the result, and the data layer drops the cache when the user changes).
// Without a user pool in /config.json (the open demo) only the role words sign in, to the panels.
import useSWRMutation from 'swr/mutation';
import { signIn } from '@/lib/auth/cognito';
import { completeGoogleSignIn } from '@/lib/auth/google';
import type { Session } from '@/lib/auth/session-store';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { demoOnlySignIn, landingPath } from '@/features/auth/api/auth';

export interface SignInInput {
  username: string;
  password: string;
  remember: boolean;
  /** Where to go afterwards when the visitor came from somewhere (already checked by safeNext). */
  next: string | null;
}

/** Signs in and answers where to go: back to `next`, the role words' panels, else by group. */
export async function signInAndLand({ username, password, remember, next }: SignInInput): Promise<string> {
  if (!(await loadRuntimeConfig()).auth) return next ?? demoOnlySignIn(username, password);
  const session = await signIn(username, password, remember);
  return landingPath(session, username, next);
}

export function useSignIn() {
  return useSWRMutation('auth:sign-in', (_key: string, { arg }: { arg: SignInInput }) => signInAndLand(arg));
}

/** The return from Google's hosted UI (/login?code=&state=): exchanges the single-use code. */
export function useGoogleReturn() {
  return useSWRMutation(
    'auth:google-return',
    async (_key: string, { arg }: { arg: { code: string; state: string } }): Promise<{ session: Session; next?: string }> =>
      completeGoogleSignIn(arg.code, arg.state),
  );
}
