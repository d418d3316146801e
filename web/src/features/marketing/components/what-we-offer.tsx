// What We Offer (/what-we-offer, /demo/what-we-offer).
import { CallToAction, FeatureGrid, MkHero } from '@/features/marketing/components/mk-parts';

export default function WhatWeOffer() {
  return (
    <>
      <MkHero eyebrow="What we offer" title="Official NIL trading cards, end to end.">
        <p>Design, approval, checkout, attribution, payouts and analytics: everything a program needs to turn fan support into athlete income.</p>
      </MkHero>
      <FeatureGrid
        title="For athletes"
        features={[
          { icon: '97', title: '97% of each sale', text: 'The highest share in the market, paid through your collective.' },
          { icon: '✓', title: 'Image approval', text: 'Nothing goes on sale without your approval.' },
          { icon: '↑', title: 'Quota unlocks', text: 'Sell through a card and the next edition unlocks.' },
        ]}
      />
      <FeatureGrid
        title="For collectives"
        features={[
          { icon: '$', title: 'Revenue streams', text: 'Card sales and donations in one place.' },
          { icon: '✓', title: 'Compliance tools', text: 'Attributed sales and a full transaction history.' },
          { icon: '↗', title: 'Real-time analytics', text: 'Per-athlete sales and monthly earnings.' },
        ]}
      />
      <FeatureGrid
        title="For fans"
        features={[
          { icon: '✓', title: 'Official cards', text: 'Approved by the athletes themselves.' },
          { icon: '★', title: 'Top Fan status', text: 'Complete a set and stand out.' },
          { icon: '▦', title: 'My Collection', text: 'All your cards in one place.' },
        ]}
      />
      <CallToAction title="Let your fans elevate your program" text="Tell us about your school and we will reach out." />
    </>
  );
}
