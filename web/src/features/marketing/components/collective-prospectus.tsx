// Collective prospectus (/CollectiveProspectus).
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CallToAction, FeatureGrid, MkHero, StatStrip, Steps } from '@/features/marketing/components/mk-parts';

export default function CollectiveProspectus() {
  return (
    <>
      <MkHero eyebrow="For collectives" title="A revenue stream your whole roster can share.">
        <p>
          Drift gives your collective a new NIL revenue stream from fans across the country, automated compliance tools and real-time analytics for every
          athlete you support. Sign up, link your payment system and your athletes are on sale.
        </p>
        <p>
          <Link className="btn btn-primary btn-lg" to={paths.collectiveJoin.getHref()}>
            Apply as a collective
          </Link>
        </p>
      </MkHero>
      <StatStrip
        stats={[
          ['Every athlete', 'not only the stars'],
          ['Real time', 'sales, donations and payouts'],
          ['1 dashboard', 'for your whole program'],
        ]}
      />
      <FeatureGrid
        title="Everything in one dashboard"
        features={[
          {
            icon: '$',
            title: 'NIL revenue streams',
            text: 'Card sales from fans everywhere, plus donations from individuals and organisations, in one ledger.',
          },
          {
            icon: '✓',
            title: 'Automated compliance',
            text: 'Every sale is attributed to an athlete and every payout is recorded. Export the history when your school asks.',
          },
          { icon: '↗', title: 'Real-time analytics', text: 'Monthly earnings, per-athlete sales, revenue and transactions, updated as orders arrive.' },
          { icon: '⚙', title: 'Link your payments', text: 'Connect the payment system you already use; athletes are paid through you, as the rules require.' },
          { icon: '◆', title: 'Your colours', text: 'Cards and school pages carry your colours, logo and merch, so the brand stays yours.' },
          { icon: '●', title: 'Roster management', text: 'Add athlete profiles, pause or activate members and see who is selling.' },
        ]}
      />
      <Steps
        title="Get started in three steps"
        steps={[
          ['Sign up your collective', 'Tell us about your school and the athletes you represent.'],
          ['Link your payment system', 'Payouts flow to your collective, then to your athletes.'],
          ['Launch your roster', 'Athletes approve their cards and fans start collecting.'],
        ]}
      />
      <CallToAction title="Bring Drift to your school" text="Join the list: Duke, Florida State and Temple collectives are already talking to us." />
    </>
  );
}
