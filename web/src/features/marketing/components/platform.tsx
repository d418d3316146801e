// Platform (/Platform, /platform): how the pieces fit together.
import { CallToAction, FeatureGrid, MkHero, Steps } from '@/features/marketing/components/mk-parts';

export default function Platform() {
  return (
    <>
      <MkHero eyebrow="The platform" title="One marketplace, three sides, every dollar accounted for.">
        <p>
          Drift connects fans, athletes and collectives. Fans buy through a Shopify storefront; each order is verified, attributed to the right athlete and
          card, and reflected in every dashboard within seconds.
        </p>
      </MkHero>
      <Steps
        title="From checkout to payout"
        steps={[
          ['Fan checks out', 'A secure Shopify checkout handles payment and receipts.'],
          ['Order verified', 'Every order is signed by the store and checked before it counts. Duplicates never double count.'],
          ['Sale attributed', 'The card’s product id ties the sale to its athlete; anything ambiguous is flagged to the collective, never lost.'],
          ['Figures update', 'Athlete and collective dashboards show sales, revenue, fans and monthly earnings in real time.'],
          ['Payout', '97% of the sale is paid to the athlete through the collective.'],
        ]}
      />
      <FeatureGrid
        features={[
          { icon: '⚿', title: 'Secure by design', text: 'No payment data or database keys ever reach the browser. Orders come from our own API.' },
          {
            icon: '⚡',
            title: 'Fast dashboards',
            text: 'Pre-computed totals keep the collective dashboard fast whether you have ten orders or a hundred thousand.',
          },
          { icon: '▯', title: 'Works everywhere', text: 'Phone, tablet or desktop: browse, buy and manage from any screen.' },
        ]}
      />
      <CallToAction title="See it working" text="The demo lets you switch between buyer, athlete and collective." />
    </>
  );
}
