// /collector/:name: a fan's public collector profile (issue 26 item 1), when its owner turned it on:
// the athletes whose cards they hold, each set's progress, the cards held with their serials,
// completed sets and Top Fan badges. Anyone can open it; it shows no email and no purchase date.
import { Link, useParams } from 'react-router-dom';
import type { CollectionAthlete, CollectionCard } from '@shared/sales/collection-api';
import { ApiError } from '@/lib/api-client';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { ShowMore } from '@/components/show-more';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCollector } from '@/features/collector/api/collector';
import '@/features/collector/components/collector.css';

/** Serial ranges as words: "#3, #7–9". */
export const serialText = (serials: Array<[number, number]>): string => serials.map(([from, to]) => (from === to ? `#${from}` : `#${from}–${to}`)).join(', ');

function HeldCard({ card }: { card: CollectionCard }) {
  return (
    <li className="collector-card">
      <FallbackImage src={card.image} alt={`${card.name} card`} loading="lazy" width={150} height={210} />
      <p className="entity-title">{card.name}</p>
      <p className="muted small">
        {card.held} held{card.serials.length > 0 && <> · serial {serialText(card.serials)}</>}
      </p>
    </li>
  );
}

function AthleteShowcase({ entry }: { entry: CollectionAthlete }) {
  const held = entry.sets.flatMap((s) => s.cards).filter((c) => c.held > 0);
  return (
    <section className="collector-athlete panel" aria-labelledby={`collector-athlete-${entry.athlete.id}`}>
      <h2 id={`collector-athlete-${entry.athlete.id}`} className="section-title">
        <Link to={paths.athlete.getHref(entry.athlete.id)}>{entry.athlete.name}</Link> {entry.topFan && <span className="badge badge-gold">Top Fan</span>}
      </h2>
      <ul className="collector-stats" aria-label="Sets">
        {entry.sets.map((s) => (
          <li key={s.id ?? s.name} className={s.complete ? 'badge badge-gold' : 'badge badge-muted'}>
            {s.name}: {s.held} of {s.total}
            {s.complete ? ' · complete' : ''}
          </li>
        ))}
      </ul>
      <ul className="collector-cards" aria-label={`Cards of ${entry.athlete.name}`}>
        {held.map((c) => (
          <HeldCard key={c.id} card={c} />
        ))}
      </ul>
    </section>
  );
}

export default function CollectorPage() {
  const { name = '' } = useParams();
  const pages = useCollector(name);
  const first = pages.data?.[0];
  useDocumentTitle(first ? `${first.displayName} · Collector` : 'Collector');
  if (pages.error instanceof ApiError && pages.error.status === 404)
    return (
      <section className="page container">
        <h1 className="page-title">Collector not found</h1>
        <p className="muted">No public collector profile has this name. Profiles are private until their owner turns them on.</p>
        <Link className="btn btn-primary" to={paths.search.getHref()}>
          Browse athletes
        </Link>
      </section>
    );
  if (pages.error && !pages.data) return <ErrorBox message="Failed to load this collector. Please try again later." onRetry={() => void pages.mutate()} />;
  if (!first) return <PageSpinner label="Loading the collector..." />;
  const athletes = pages.data!.flatMap((p) => p.athletes);
  const topFanOf = pages.data!.reduce((n, p) => n + p.topFanOf, 0);
  const completed = pages.data!.reduce((n, p) => n + p.completedSets, 0);
  return (
    <section className="page container">
      <div className="collector-head">
        <h1 className="page-title">{first.displayName}</h1>
        <p className="collector-stats">
          <span className="badge badge-gold">Top Fan of {topFanOf}</span>
          <span className="badge badge-muted">
            {completed} completed set{completed === 1 ? '' : 's'}
          </span>
        </p>
      </div>
      {athletes.length === 0 ? <p className="muted">No cards yet.</p> : athletes.map((entry) => <AthleteShowcase key={entry.athlete.id} entry={entry} />)}
      <ShowMore list={pages} more={Boolean(pages.data![pages.data!.length - 1]?.nextCursor)} />
    </section>
  );
}
