// The top bar's account corner: who is signed in and Sign out, or a Sign in link. `inMenu` lays
// it out for the phone-only More menu (everything visible, stacked).
import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isDemoPath, paths } from '@/config/paths';
import { displayName, signOut, useSession } from '@/lib/auth/session-store';
import { loginHref } from '@/lib/login-href';

// "Signing out" is shared by every AccountStatus on screen: the More menu's copy unmounts when the
// menu closes on navigation, and the top bar's copy (always mounted) then finishes the sign-out.
let leavingNow = false;
const leavingListeners = new Set<() => void>();
function setLeaving(value: boolean): void {
  leavingNow = value;
  leavingListeners.forEach((l) => l());
}
const subscribeLeaving = (listener: () => void) => {
  leavingListeners.add(listener);
  return () => leavingListeners.delete(listener);
};

export function AccountStatus({ inMenu = false }: { inMenu?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const leaving = useSyncExternalStore(
    subscribeLeaving,
    () => leavingNow,
    () => false,
  );

  // Sign out only once /demo is on screen: an owner screen still showing would send the
  // signed-out visitor to /login (the router renders the next route in a transition).
  useEffect(() => {
    if (!leaving || !leavingNow || pathname !== paths.demo.home.getHref()) return;
    setLeaving(false);
    void signOut();
  }, [leaving, pathname]);

  if (!session) {
    return (
      <Link className={inMenu ? 'more-menu-item' : 'btn btn-ghost topbar-btn'} to={isDemoPath(pathname) ? paths.login.getHref() : loginHref(pathname + search)}>
        Sign in
      </Link>
    );
  }
  return (
    <div className={inMenu ? 'account-status account-status-menu' : 'account-status'}>
      <span className="account-name" title={session.claims.email}>
        Signed in as <strong>{displayName(session)}</strong>
      </span>
      <Link className={inMenu ? 'more-menu-item' : 'btn btn-ghost topbar-btn'} to={paths.account.getHref()}>
        Account
      </Link>
      <button
        type="button"
        className={inMenu ? 'more-menu-item' : 'btn btn-ghost topbar-btn'}
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void navigate(paths.demo.home.getHref());
        }}
      >
        Sign out
      </button>
    </div>
  );
}
