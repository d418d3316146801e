// My Collection's pieces: an athlete's block with its sets and progress, each card in the Drift
// frame (held: its serial stamped, the serials listed, when it was bought; missing: greyed, a link
// to its card page), the newest purchase highlighted, and the filters by school and set.
import { Link } from 'react-router-dom';
import type { CollectionAthlete, CollectionCard, CollectionSet } from '@shared/sales/collection-api';
import { formatUsd } from '@shared/platform/money';
import { serialLabel } from '@shared/cards/editions';
import { isRetired } from '@shared/cards/lifecycle';
import { athleteLine, editionWords } from '@/components/card/card-edition';
import { CardFrame } from '@/components/card/card-frame';
import { FallbackImage } from '@/components/fallback-image';
import { paths } from '@/config/paths';
import { formatAgo, formatDateTime } from '@/lib/dates';
import type { CollectionFilter } from '@/features/collection/components/collection-model';
import { sportLabel } from '@shared/catalog/sports';

/** The card the buyer bought last ('athleteId:cardId'), highlighted wherever it shows. */
export type Newest = { athleteId: number; cardId: number; at: string } | null;

function HeldCard({ entry, card, newest }: { entry: CollectionAthlete; card: CollectionCard; newest: boolean }) {
  const { athlete } = entry;
  return (
    <li className={`collectible${newest ? ' collection-newest' : ''}`}>
      <Link to={paths.card.getHref(athlete.id, card.id)} className="collectible-link" aria-label={`View ${card.name}`}>
        <CardFrame
          image={card.image}
          alt={`${card.name} trading card`}
          athleteName={athlete.name}
          meta={athleteLine(athlete)}
          school={athlete.school}
          edition={card.edition}
          editionSize={card.editionSize}
          cardNumber={card.id}
          serials={card.serials}
          priority={newest}
        />
      </Link>
      <div className="collectible-body">
        <h4 className="entity-title">{card.name}</h4>
        <div className="badge-row">
          {newest && <span className="badge badge-gold">Newest</span>}
          <span className="badge badge-muted">{editionWords(card.edition, card.editionSize)}</span>
          {card.held > 1 && <span className="badge badge-muted">×{card.held}</span>}
          {isRetired(card) && <span className="badge badge-muted">Retired</span>}
        </div>
        {card.serials.length > 0 && (
          <p className="serials" aria-label={`Serials of ${card.name}`}>
            {card.serials.map((range) => (
              <span key={range[0]} className="serial">
                {serialLabel(range, card.editionSize)}
              </span>
            ))}
          </p>
        )}
        <p className="price">{formatUsd(card.priceCents)}</p>
        {card.acquiredAt && (
          <p className="muted small">
            Bought{' '}
            <time dateTime={card.acquiredAt} title={formatDateTime(card.acquiredAt)}>
              {formatAgo(card.acquiredAt)}
            </time>
          </p>
        )}
      </div>
    </li>
  );
}

function MissingCard({ entry, card }: { entry: CollectionAthlete; card: CollectionCard }) {
  const { athlete } = entry;
  return (
    <li className="collectible collection-missing">
      <Link to={paths.card.getHref(athlete.id, card.id)} className="collectible-link" aria-label={`Missing: ${card.name}, open its card page`}>
        <CardFrame
          image={card.image}
          alt={`${card.name} trading card`}
          athleteName={athlete.name}
          meta={athleteLine(athlete)}
          school={athlete.school}
          edition={card.edition}
          editionSize={card.editionSize}
          cardNumber={card.id}
          muted
        />
      </Link>
      <div className="collectible-body">
        <h4 className="entity-title">{card.name}</h4>
        <div className="badge-row">
          <span className="badge badge-muted">Missing</span>
          {isRetired(card) && <span className="badge badge-muted">Retired</span>}
        </div>
        <p className="price">{formatUsd(card.priceCents)}</p>
      </div>
    </li>
  );
}

function SetBlock({ entry, set, newest }: { entry: CollectionAthlete; set: CollectionSet; newest: Newest }) {
  return (
    <div className="collection-set">
      <h3 className="collection-set-title">
        {set.name} <span className="collection-progress">{`${set.held} of ${set.total}`}</span>
        {set.complete && set.countsForTopFan && <span className="badge badge-green">Complete</span>}
      </h3>
      <progress
        className="collection-set-progress"
        value={set.held}
        max={Math.max(1, set.total)}
        aria-label={`${set.name}: ${set.held} of ${set.total} collected`}
      />
      <ul className="grid cards-grid collection-grid" aria-label={`${set.name} cards`}>
        {set.cards.map((card) =>
          card.held === 0 ? (
            <MissingCard key={card.id} entry={entry} card={card} />
          ) : (
            <HeldCard key={card.id} entry={entry} card={card} newest={newest?.athleteId === entry.athlete.id && newest.cardId === card.id} />
          ),
        )}
      </ul>
    </div>
  );
}

export function AthleteBlock({ entry, newest }: { entry: CollectionAthlete; newest: Newest }) {
  const { athlete } = entry;
  const headingId = `collection-athlete-${athlete.id}`;
  return (
    <section className="section collection-athlete" aria-labelledby={headingId}>
      <div className="collection-athlete-head">
        <FallbackImage src={athlete.image} alt={`Portrait of ${athlete.name}`} width={56} height={56} loading="lazy" />
        <h2 id={headingId} className="section-title">
          <Link to={paths.athlete.getHref(athlete.id)} className="link">
            {athlete.name}
          </Link>
        </h2>
        {entry.topFan && <span className="badge badge-gold">Top Fan</span>}
        <span className="muted small">
          {sportLabel(athlete.sport)} · {athlete.school}
        </span>
      </div>
      {entry.sets.map((set) => (
        <SetBlock key={set.id ?? 'rest'} entry={entry} set={set} newest={newest} />
      ))}
    </section>
  );
}

interface FiltersProps {
  options: { schools: string[]; sets: string[] };
  filter: CollectionFilter;
  onChange: (filter: CollectionFilter) => void;
}

export function CollectionFilters({ options, filter, onChange }: FiltersProps) {
  if (options.schools.length < 2 && options.sets.length < 2) return null;
  return (
    <div className="collection-filters" role="group" aria-label="Filter my collection">
      <label className="field">
        <span>School</span>
        <select className="input" value={filter.school} onChange={(e) => onChange({ ...filter, school: e.target.value })}>
          <option value="">All schools</option>
          {options.schools.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Set</span>
        <select className="input" value={filter.set} onChange={(e) => onChange({ ...filter, set: e.target.value })}>
          <option value="">All sets</option>
          {options.sets.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      {(filter.school || filter.set) && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange({ school: '', set: '' })}>
          Reset Filters
        </button>
      )}
    </div>
  );
}
