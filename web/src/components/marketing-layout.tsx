// Frame of the marketing pages: a slim header with the logo and the main calls to action, and a footer.
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { utcYear } from '@/lib/dates';
import { Logo } from '@/components/logo';
import { ScrollToTop } from '@/components/scroll-to-top';
import { PageOutlet } from '@/components/page-outlet';

export function MarketingLayout() {
  return (
    <div className="marketing">
      <ScrollToTop />
      <header className="mk-header">
        <Link to={paths.landing.getHref()} aria-label="Drift home">
          <Logo height={30} />
        </Link>
        <nav className="mk-nav" aria-label="Site">
          <Link to={paths.main.getHref()}>Who it&apos;s for</Link>
          <Link to={paths.platform.getHref()}>Platform</Link>
          <Link to={paths.whatWeOffer.getHref()} className="hide-mobile">
            What We Offer
          </Link>
          <Link to={paths.learn.getHref()} className="hide-mobile">
            Learn
          </Link>
          <Link to={paths.waitingList.getHref()} className="btn btn-primary btn-sm">
            Contact Us
          </Link>
        </nav>
      </header>
      <main id="main-content">
        <PageOutlet />
      </main>
      <footer className="mk-footer">
        {/* Prerendered: the build's year until the app hydrates, should a year have turned since. */}
        <p suppressHydrationWarning>© {utcYear()} Drift. Official NIL trading cards.</p>
        {/* Also the way to What We Offer and Learn on phones, where the header hides them. */}
        <nav aria-label="Footer">
          <Link to={paths.whatWeOffer.getHref()}>What We Offer</Link>
          <Link to={paths.learn.getHref()}>Learn</Link>
          <Link to={paths.statement.getHref()}>Statement</Link>
          <Link to={paths.pitch.getHref()}>Pitch</Link>
          <Link to={paths.demo.home.getHref()}>Demo</Link>
          <Link to={paths.login.getHref()}>Sign In</Link>
        </nav>
      </footer>
    </div>
  );
}
