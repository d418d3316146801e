// Learn (/learn, /demo/learn): questions people ask about NIL cards.
import { CallToAction, MkHero, MkSection } from '@/features/marketing/components/mk-parts';

const FAQ: Array<[string, string]> = [
  [
    'What is NIL?',
    'Name, image and likeness: since 2021 college athletes may earn money from their own name and image. Drift turns that right into official trading cards.',
  ],
  ['How much does the athlete earn?', '97% of each card sale. The rest covers payment processing and running the platform.'],
  ['Who approves the cards?', 'The athlete. Every image is approved by the athlete before the card is offered for sale.'],
  ['How do new cards unlock?', 'Each athlete starts with a base card. When sales reach a quota, gold and signature editions unlock.'],
  [
    'Why does money go through a collective?',
    'Collectives are school-affiliated organisations that handle NIL payments and compliance. Payouts through them keep every deal documented.',
  ],
  ['What is a Top Fan?', 'A fan who owns every card of an athlete’s set. Top Fans get a badge in their collection and are visible to the athlete.'],
  ['How do I pay?', 'Through a secure Shopify checkout. Your card then appears in My Collection.'],
];

export default function Learn() {
  return (
    <>
      <MkHero eyebrow="Learn" title="NIL cards, explained.">
        <p>Everything fans, athletes and collectives ask us before they join.</p>
      </MkHero>
      <MkSection>
        <div className="faq">
          {FAQ.map(([q, a]) => (
            <details key={q}>
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </div>
      </MkSection>
      <CallToAction title="Still curious?" text="Get on the list and we will answer your questions personally." />
    </>
  );
}
