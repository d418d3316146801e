// What demo visitors see in place of a write (post, settings): writes need the owner's sign-in,
// so the prompt links to /login and brings them back here afterwards.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';

export function loginHref(next: string): string {
  return `${paths.login.getHref()}?next=${encodeURIComponent(next)}`;
}

export function SignInPrompt({ message = 'Sign in to make changes' }: { message?: string }) {
  const { pathname, search } = useLocation();
  return (
    <p className="sign-in-required" role="note">
      <span>{message}.</span> <Link to={loginHref(pathname + search)}>Sign in</Link>
    </p>
  );
}

/** Renders `children` (the write controls) when signed in, otherwise the sign-in prompt. */
export function SignInRequired({ children, message }: { children?: ReactNode; message?: string }) {
  const session = useSession();
  if (session && children !== undefined) return <>{children}</>;
  if (session) return null;
  return <SignInPrompt message={message} />;
}
