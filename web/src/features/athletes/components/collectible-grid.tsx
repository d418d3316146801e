// The athlete's public cards, grouped by set, each drawn in the Drift frame (components/card) with
// its sale state: a locked card shows its progress ('18 of 25 Base sold to unlock') and cannot be
// bought, an edition shows how many are left on a bar, then 'Sold out', and a retired card is
// marked so. Only a buyable card offers Buy Now.
import { Link } from 'react-router-dom';
import type { CardView } from '@shared/catalog/catalog-api';
import type { AthleteSummary, CardSet } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { athleteLine, editionWords } from '@/components/card/card-edition';
import { CardFrame } from '@/components/card/card-frame';
import { EditionProgress } from '@/components/card/edition-progress';
import { paths } from '@/config/paths';
import { SALE_BADGE, saleStatus } from '@/lib/card-sale';
import '@/features/athletes/components/collectibles.css';
import { DropCountdown } from '@/components/drop-countdown';

interface Group {
  key: string;
  name: string | null;
  closed: boolean;
  cards: CardView[];
}

/** The sets in their order, then the cards outside any set; one unnamed group without sets. */
export function groupCards(cards: CardView[], sets: CardSet[]): Group[] {
  if (sets.length === 0) return [{ key: 'all', name: null, closed: false, cards }];
  const byId = new Map(cards.map((c) => [c.id, c]));
  const placed = new Set<number>();
  const groups: Group[] = [];
  for (const set of sets) {
    const members = set.cardIds.map((id) => byId.get(id)).filter((c): c is CardView => c !== undefined);
    members.forEach((c) => placed.add(c.id));
    if (members.length) groups.push({ key: `set-${set.id}`, name: set.name, closed: set.closedAt !== null, cards: members });
  }
  const rest = cards.filter((c) => !placed.has(c.id));
  if (rest.length) groups.push({ key: 'rest', name: groups.length ? 'Other cards' : null, closed: false, cards: rest });
  return groups;
}

/** The Top Fan line of a closed set, for one card or many ('collect all 1' read wrongly). */
export function topFanHint(cardCount: number): string {
  if (cardCount === 1) return 'own this card to become a Top Fan';
  if (cardCount === 2) return 'collect both cards to become a Top Fan';
  return `collect all ${cardCount} cards to become a Top Fan`;
}

/** What the frame shows of the athlete (the profile's fields; the name alone when only it is known). */
export type FrameAthlete = Partial<Pick<AthleteSummary, 'school' | 'sport' | 'position' | 'number'>>;

function Collectible({
  card,
  cards,
  athleteId,
  athleteName,
  athlete,
}: {
  card: CardView;
  cards: CardView[];
  athleteId: number;
  athleteName: string;
  athlete: FrameAthlete;
}) {
  const status = saleStatus(card, cards);
  const href = paths.card.getHref(athleteId, card.id);
  const state = { card, athleteName, athleteId };
  const badge = SALE_BADGE[status.kind];
  return (
    <article className={`collectible sale-${status.kind}`} aria-label={card.name}>
      <Link to={href} state={state} className="collectible-link" aria-label={`Open ${card.name}, ${formatUsd(card.priceCents)}`}>
        <CardFrame
          image={card.image}
          alt={`${card.name} trading card`}
          athleteName={athleteName}
          meta={athleteLine(athlete)}
          school={athlete.school}
          edition={card.edition}
          editionSize={card.editionSize}
          cardNumber={card.id}
          muted={status.kind !== 'open' && status.kind !== 'limited'}
        />
      </Link>
      <div className="collectible-body">
        <h4 className="entity-title">{card.name}</h4>
        <div className="badge-row">
          <span className="badge badge-muted">{editionWords(card.edition, card.editionSize)}</span>
          {badge && <span className="badge badge-sale">{badge}</span>}
        </div>
        <p className="price">{formatUsd(card.priceCents)}</p>
        {card.drop && <DropCountdown drop={card.drop} compact />}
        <EditionProgress card={card} cards={cards} />
        {status.buyable ? (
          <Link className="btn btn-primary btn-block" to={href} state={state}>
            Buy Now
          </Link>
        ) : (
          <Link className="btn btn-outline btn-block" to={href} state={state} aria-label={`View ${card.name}`}>
            View Card
          </Link>
        )}
      </div>
    </article>
  );
}

export function CollectibleGrid({
  cards,
  sets,
  athleteId,
  athleteName,
  athlete = {},
}: {
  cards: CardView[];
  sets: CardSet[];
  athleteId: number;
  athleteName: string;
  athlete?: FrameAthlete;
}) {
  if (cards.length === 0) return <p className="muted">No cards released yet.</p>;
  return (
    <>
      {groupCards(cards, sets).map((group) => (
        <div key={group.key} className="card-set">
          {group.name && (
            <h3 className="card-set-title">
              {group.name}
              {group.closed && <span className="muted small"> · {topFanHint(group.cards.length)}</span>}
            </h3>
          )}
          <div className="grid cards-grid">
            {group.cards.map((card) => (
              <Collectible key={card.id} card={card} cards={cards} athleteId={athleteId} athleteName={athleteName} athlete={athlete} />
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
