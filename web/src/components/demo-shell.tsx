// The demo layout shell (the storefront at / and every fan page): fixed top bar, scroll-to-top on
// route change, footer only near the page bottom. Its Back follows the browser's history, and falls
// back to the storefront (/) when the page was opened directly.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { utcYear } from '@/lib/dates';
import { useDemoRole, type DemoRole } from '@/lib/demo-role';
import { groupsOf, useSession } from '@/lib/auth/session-store';
import { useTypedBeforeHydration } from '@/lib/use-typed-before-hydration';
import { AccountStatus } from '@/components/account-status';
import { ScrollToTop } from '@/components/scroll-to-top';
import { MoreMenu } from '@/components/more-menu';
import { Logo } from '@/components/logo';
import { RoleDropdown } from '@/components/role-dropdown';
import { PageOutlet } from '@/components/page-outlet';

const ROLE_BUTTON: Record<DemoRole, { label: string; to: string }> = {
  buyer: { label: 'My Cards', to: paths.demo.myCards.getHref() },
  athlete: { label: 'My Stats', to: paths.demo.athlete.getHref() },
  collective: { label: 'Dashboard', to: paths.demo.collective.getHref() },
};

/** A signed-in account's button: its own screen, by its group (a fan's is My Cards; an operator's, the console). */
const ACCOUNT_BUTTON: Record<DemoRole, { label: string; to: string }> = {
  buyer: { label: 'My Cards', to: paths.myCards.getHref() },
  athlete: { label: 'My Stats', to: paths.athleteAdmin.getHref() },
  collective: { label: 'Dashboard', to: paths.collectiveAdmin.getHref() },
};

/**
 * The demo role switcher is the demo's, for visitors who are not signed in (on /demo and on the
 * pages they browse from it); a signed-in account is no demo role: it sees no switcher (no "Logged
 * in as Buyer" to a fan who just signed up), and its button leads to its own screen.
 */
function useTopBarRole(): { switcher: boolean; button: { label: string; to: string } } {
  const [role] = useDemoRole();
  const session = useSession();
  if (!session) return { switcher: true, button: ROLE_BUTTON[role] };
  const groups = groupsOf(session);
  if (groups.includes('operator') && !groups.includes('collective') && !groups.includes('athlete'))
    return { switcher: false, button: { label: 'Console', to: paths.operator.getHref() } };
  const group: DemoRole = groups.includes('collective') ? 'collective' : groups.includes('athlete') ? 'athlete' : 'buyer';
  return { switcher: false, button: ACCOUNT_BUTTON[group] };
}

export const FOOTER_THRESHOLD_PX = 10;

/** True when the viewport bottom is within 10 px of the document bottom. */
export function isNearBottom(scrollY: number, viewportHeight: number, documentHeight: number, threshold = FOOTER_THRESHOLD_PX): boolean {
  return scrollY + viewportHeight >= documentHeight - threshold;
}

function useNearBottom(): boolean {
  const [near, setNear] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    const check = () => setNear(isNearBottom(window.scrollY, window.innerHeight, document.documentElement.scrollHeight));
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(check) : null;
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      observer?.disconnect();
    };
  }, [pathname]);
  return near;
}

/**
 * The top bar's search. A GET form to the demo search with the text as `query`: before the app has
 * hydrated (prerendered /demo pages) Enter searches natively; once hydrated the router does it, with
 * what was typed before hydration adopted into the state (lib/use-typed-before-hydration.ts).
 */
function SearchBox() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const form = useTypedBeforeHydration({ query: text }, (typed) => setText(typed.query ?? ''));
  return (
    <form
      ref={form}
      className="topbar-search"
      role="search"
      action={paths.demo.search.path}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(paths.demo.search.getHref(text.trim()));
        setText('');
      }}
    >
      <label htmlFor="topbar-search" className="sr-only">
        Search athletes and schools
      </label>
      <span className="search-icon" aria-hidden="true">
        ⌕
      </span>
      <input id="topbar-search" name="query" type="search" placeholder="Search athletes, schools..." value={text} onChange={(e) => setText(e.target.value)} />
    </form>
  );
}

/**
 * Back: the previous page of this visit (the browser's own back), or the storefront when this page
 * was opened directly (react-router's first location has the key 'default'). A link to / first, so
 * it works from the HTML before the app has hydrated.
 */
function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasHistory = location.key !== 'default';
  if (!hasHistory && location.pathname === paths.landing.path) return null;
  return (
    <Link
      className="btn btn-ghost topbar-btn"
      to={paths.landing.getHref()}
      aria-label="Back"
      onClick={(e) => {
        if (!hasHistory) return;
        e.preventDefault();
        navigate(-1);
      }}
    >
      <span aria-hidden="true">←</span> <span className="hide-mobile">Back</span>
    </Link>
  );
}

/** `topbarExtra`: what the route table puts in the top bar beside the account's button (the
 * notifications bell: a feature, which shared components do not import). */
export function DemoShell({ topbarExtra }: { topbarExtra?: ReactNode } = {}) {
  const { switcher, button } = useTopBarRole();
  const nearBottom = useNearBottom();
  return (
    <div className="demo-shell">
      <ScrollToTop />
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <div className="topbar-left">
            <BackButton />
            <Link to={paths.landing.getHref()} className="topbar-logo" aria-label="Drift home">
              <Logo height={28} />
            </Link>
          </div>
          <SearchBox />
          <nav className="topbar-right" aria-label="Demo">
            <Link className="btn btn-ghost topbar-btn hide-mobile" to={paths.demo.waitingList.getHref()}>
              Contact Us
            </Link>
            {switcher && <RoleDropdown />}
            {topbarExtra && <Suspense fallback={null}>{topbarExtra}</Suspense>}
            <Link className="btn btn-primary topbar-btn" to={button.to}>
              {button.label}
            </Link>
            <div className="hide-mobile">
              <AccountStatus />
            </div>
            <MoreMenu>
              <Link className="more-menu-item" to={paths.demo.waitingList.getHref()}>
                Contact Us
              </Link>
              <Link className="more-menu-item" to={paths.main.getHref()}>
                Back to Main
              </Link>
              <AccountStatus inMenu />
            </MoreMenu>
          </nav>
        </div>
      </header>
      <main id="main-content" className="demo-main">
        <PageOutlet />
      </main>
      <footer className={`demo-footer${nearBottom ? ' visible' : ''}`} aria-hidden={!nearBottom} data-testid="demo-footer">
        {nearBottom && <p>© {utcYear()} Drift. All rights reserved.</p>}
      </footer>
    </div>
  );
}
