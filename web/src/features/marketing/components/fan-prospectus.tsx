// Fan prospectus (/FanProspectus).
import { CallToAction, FeatureGrid, MkHero, Steps } from '@/features/marketing/components/mk-parts';

export default function FanProspectus() {
  return (
    <>
      <MkHero eyebrow="For fans" title="Collect the players you cheer for.">
        <p>
          Every Drift card is official, approved by the athlete, and sends 97% of its price straight to them. Build your collection, complete a set and become a
          Top Fan.
        </p>
      </MkHero>
      <FeatureGrid
        title="Why collect on Drift"
        features={[
          { icon: '✓', title: 'Official and approved', text: 'Each card is approved by the athlete on it. No knock-offs, no unlicensed photos.' },
          { icon: '♥', title: 'Your money reaches them', text: '97% of each sale goes to the athlete through their school collective.' },
          { icon: '★', title: 'Become a Top Fan', text: 'Own an athlete’s full set and earn the Top Fan badge on your collection.' },
          { icon: '⌕', title: 'Find any athlete', text: 'Search by name, school or sport, browse rosters, and follow rising stars before they break out.' },
          { icon: '$', title: 'Secure checkout', text: 'Pay through a trusted Shopify checkout; your cards appear in My Collection.' },
          { icon: '★', title: 'New drops', text: 'Gold and signature editions unlock as athletes hit their sales quotas.' },
        ]}
      />
      <Steps
        title="Start your collection"
        steps={[
          ['Find your team', 'Search for a school or a player.'],
          ['Pick a card', 'Base, gold or signature edition.'],
          ['Collect', 'Your card lands in My Collection.'],
        ]}
      />
      <CallToAction title="Start collecting" text="Explore the demo, or join the list to hear when your school goes live." />
    </>
  );
}
