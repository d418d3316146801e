// Athlete prospectus (/PlayerProspectus).
import { CallToAction, FeatureGrid, MkHero, StatStrip, Steps } from '@/features/marketing/components/mk-parts';

export default function PlayerProspectus() {
  return (
    <>
      <MkHero eyebrow="For athletes" title="Your name. Your image. 97% of every sale.">
        <p>
          Drift gives every athlete on the roster an official trading card line, not just the stars. Your fans buy the cards, you keep 97% of each sale, paid
          through your school&apos;s collective.
        </p>
      </MkHero>
      <StatStrip
        stats={[
          ['97%', 'athlete share of each sale'],
          ['3', 'cards to start your set'],
          ['0', 'upfront cost'],
        ]}
      />
      <FeatureGrid
        title="Built around you"
        features={[
          {
            icon: '✓',
            title: 'You approve every image',
            text: 'No card is printed without your sign-off. Choose the photos that represent you, reject the ones that do not.',
          },
          {
            icon: '↑',
            title: 'Unlock cards with quotas',
            text: 'Hit a sales quota and your next card unlocks: gold and signature editions reward your most loyal fans.',
          },
          { icon: '↗', title: 'Watch your sales live', text: 'Cards sold, revenue, unique fans and recent orders on one screen, updated as orders come in.' },
          { icon: '✉', title: 'Talk to your fans', text: 'Post updates to your profile and read the notes supporters leave with their donations.' },
          {
            icon: '⚖',
            title: 'Compliance handled',
            text: 'Payouts run through your school-affiliated collective, so every dollar is documented and NIL-compliant.',
          },
          { icon: '★', title: 'Meet your Top Fans', text: 'Fans who own your full set become Top Fans. Know who they are and thank them.' },
        ]}
      />
      <Steps
        title="How it works"
        steps={[
          ['Create your profile', 'Add your sport, position and bio. We verify you with your collective.'],
          ['Approve your cards', 'We design your first three cards; you approve each image.'],
          ['Share and sell', 'Fans buy through a secure Shopify checkout. You earn 97% of every sale.'],
        ]}
      />
      <CallToAction title="Ready to launch your card line?" text="Join the list and we will set up your profile with your collective." />
    </>
  );
}
