// What demo visitors see in place of a write (post, settings): writes need the owner's sign-in,
// so the prompt links to /login and brings them back here afterwards. And what a signed-out
// visitor sees on a page that needs an account (a profile request, an application, a claim).
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';
import { loginHref } from '@/lib/login-href';

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

/** A page that needs an account, to a signed-out visitor: why (`children`), then Sign in and Sign
 * up, each coming back to `back`; `first` is the one shown as the main action. */
export function SignInOrSignUp({ children, back, first }: { children: ReactNode; back: string; first: 'login' | 'signup' }) {
  const next = `?next=${encodeURIComponent(back)}`;
  const links = { login: { to: `${paths.login.getHref()}${next}`, text: 'Sign in' }, signup: { to: `${paths.signup.getHref()}${next}`, text: 'Sign up' } };
  const order = first === 'login' ? [links.login, links.signup] : [links.signup, links.login];
  return (
    <>
      <p>{children}</p>
      <div className="dash-actions">
        {order.map((link, i) => (
          <Link key={link.text} className={i === 0 ? 'btn btn-primary' : 'btn btn-outline'} to={link.to}>
            {link.text}
          </Link>
        ))}
      </div>
    </>
  );
}
