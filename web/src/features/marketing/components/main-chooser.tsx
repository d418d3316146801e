// Audience chooser (/main): Athlete, Collective and Fan cards and the site buttons.
import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

const AUDIENCES = [
  {
    title: 'Athlete',
    to: paths.playerProspectus.getHref(),
    text: 'Earn 97% of every card sold. Approve every image. Unlock new cards as your fans buy.',
    icon: 'A',
  },
  {
    title: 'Collective',
    to: paths.collectiveProspectus.getHref(),
    text: 'A new NIL revenue stream with compliance built in and real-time analytics for every athlete.',
    icon: 'C',
  },
  {
    title: 'Fan',
    to: paths.fanProspectus.getHref(),
    text: 'Collect official cards of the players you cheer for. Hold a full set and become a Top Fan.',
    icon: 'F',
  },
];

export default function MainChooser() {
  return (
    <main className="chooser">
      <div className="container">
        <header className="chooser-head">
          <Link to="/" aria-label="Drift home">
            <Logo height={48} />
          </Link>
          <h1 className="mk-title">Who are you cheering for?</h1>
          <p className="lead">Choose your side of the game to see what Drift does for you.</p>
        </header>
        <div className="audience-grid">
          {AUDIENCES.map((a) => (
            <Link key={a.title} to={a.to} className="audience-card">
              <span className="audience-icon" aria-hidden="true">
                {a.icon}
              </span>
              <h2>{a.title}</h2>
              <p>{a.text}</p>
              <span className="audience-more" aria-hidden="true">
                Learn more →
              </span>
            </Link>
          ))}
        </div>
        <nav className="chooser-actions" aria-label="More">
          <Link className="btn btn-primary" to={paths.pitch.getHref()}>
            View Pitch Deck
          </Link>
          <Link className="btn btn-outline" to="/platform">
            Platform
          </Link>
          <Link className="btn btn-outline hide-mobile" to={paths.demo.home.getHref()}>
            Demo
          </Link>
          <Link className="btn btn-outline" to={paths.waitingList.getHref()}>
            Contact Us
          </Link>
          <Link className="btn btn-ghost" to="/">
            Back to Home
          </Link>
        </nav>
      </div>
    </main>
  );
}
