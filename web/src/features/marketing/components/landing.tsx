// Landing (/): full-screen background, the headline and ENTER (click or the Enter key) to /statement.
// The page is prerendered into index.html; the Enter key works once the app has hydrated, and the
// 'or press Enter' hint shows from then on (html[data-app-ready], set by app/app.tsx).
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

export default function Landing() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A focused button handles its own Enter; everywhere else Enter enters the site.
      if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement) && !(e.target instanceof HTMLAnchorElement)) navigate(paths.statement.getHref());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    <main className="landing">
      <picture className="landing-bg" aria-hidden="true">
        <source media="(max-width: 767.98px)" srcSet="/images/landing-mobile.svg" />
        <img src="/images/landing-desktop.svg" alt="" />
      </picture>
      <div className="landing-content">
        <Logo height={44} />
        <h1 className="landing-title">Let Your Fans Elevate Your Program</h1>
        <p className="landing-sub">Official digital trading cards of college athletes. 97% of every sale goes to the athlete.</p>
        {/* A link, so it works from the prerendered page before the app has hydrated. */}
        <Link className="btn btn-primary btn-xl" to={paths.statement.getHref()}>
          ENTER
        </Link>
        <p className="landing-hint">or press Enter</p>
      </div>
    </main>
  );
}
