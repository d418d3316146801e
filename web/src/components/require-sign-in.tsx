// Route guard for the owner screens (/athlete, /collective, /mycards and the admin-panel aliases):
// anonymous visitors go to /login?next=... and come back after signing in. A deployment without
// sign-in (no auth in /config.json) keeps these screens open as the demo.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth/session-store';
import { loginHref } from '@/lib/login-href';
import { PageSpinner } from '@/components/spinner';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const config = useRuntimeConfig();
  const location = useLocation();
  if (session) return <>{children}</>;
  if (!config) return <PageSpinner />;
  if (!config.auth) return <>{children}</>;
  return <Navigate to={loginHref(location.pathname + location.search)} replace />;
}
