// The card's place in its set: 'Card 2 of 3 in 2026 Season', the set's other cards in their frames
// (each a link to its page, this one marked current) and, for a closed set, what completing it makes.
import { Link } from 'react-router-dom';
import type { CardView } from '@shared/catalog/catalog-api';
import type { CardSet } from '@shared/catalog/catalog-types';
import { CardFrame } from '@/components/card/card-frame';
import { paths } from '@/config/paths';
import { saleStatus } from '@/lib/card-sale';

interface Props {
  card: CardView;
  cards: CardView[];
  sets: CardSet[];
  athleteId: number;
  athleteName: string;
  frame: { meta: string; school: string | null };
}

/** The set holding the card and the cards of it fans can see, in the set's order (the athlete's cards when it has no sets). */
export function setOf(card: CardView, cards: CardView[], sets: CardSet[]): { name: string; closed: boolean; members: CardView[] } | null {
  const set = sets.find((s) => s.cardIds.includes(card.id));
  if (!set) return sets.length === 0 && cards.length > 1 ? { name: 'All cards', closed: true, members: cards } : null;
  const byId = new Map(cards.map((c) => [c.id, c]));
  return { name: set.name, closed: set.closedAt !== null, members: set.cardIds.map((id) => byId.get(id)).filter((c): c is CardView => c !== undefined) };
}

export function CardSetStrip({ card, cards, sets, athleteId, athleteName, frame }: Props) {
  const set = setOf(card, cards, sets);
  if (!set || set.members.length < 2) return null;
  const place = set.members.findIndex((c) => c.id === card.id) + 1;
  return (
    <section className="section card-set-strip" aria-labelledby="card-set-title">
      <h2 id="card-set-title" className="section-title">
        {set.name}
      </h2>
      <p className="muted">
        Card {place} of {set.members.length} in {set.name}
        {set.closed ? `: collect all ${set.members.length} to become a Top Fan.` : '.'}
      </p>
      <ul className="set-cards">
        {set.members.map((member) => {
          const current = member.id === card.id;
          const status = saleStatus(member, cards);
          return (
            <li key={member.id} className={current ? 'set-card current' : 'set-card'}>
              <Link
                to={paths.card.getHref(athleteId, member.id)}
                state={{ card: member, athleteName, athleteId }}
                aria-current={current ? 'page' : undefined}
                aria-label={`${member.name}${current ? ' (this card)' : ''}`}
              >
                <CardFrame
                  image={member.image}
                  alt=""
                  athleteName={athleteName}
                  meta={frame.meta}
                  school={frame.school}
                  edition={member.edition}
                  editionSize={member.editionSize}
                  cardNumber={member.id}
                  muted={!status.buyable && !current}
                />
              </Link>
              <span className="small muted">{current ? 'This card' : status.text || 'On sale'}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
