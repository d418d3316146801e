// My Collection (/mycards, /demo/mycards): the buyer's cards from GET /api/me/collection (the demo
// buyer's twin when signed out), grouped by athlete and set with progress, the serials held, the
// missing cards (each a link to its card page) and the Top Fan badge from the answer's flag; a page of
// athletes at a time. Cards bought in this browser (localStorage `purchasedCards`) show until the
// collection holds them, and can be removed from this device.
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CollectionAthlete, CollectionSet } from '@shared/sales/collection-api';
import { formatUsd } from '@shared/platform/money';
import { serialLabel } from '@shared/cards/editions';
import { isRetired } from '@shared/cards/lifecycle';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { isDemoPath, paths } from '@/config/paths';
import { readPurchasedCards, removePurchasedCard, type LocalCollectible } from '@/lib/purchased-cards';
import { useMyCollection } from '@/features/collection/api/get-my-collection';
import { heldCount, localOnly, pendingLocalOrders } from '@/features/collection/components/collection-model';
import '@/features/collection/components/my-collection.css';
import { sportLabel } from '@shared/catalog/sports';

export const LOAD_ERROR = 'Failed to load Shopify orders. Please try again later.';
export const REFRESH_ERROR = 'Failed to refresh Shopify orders. Please try again later.';
export const LOAD_MORE_ERROR = 'Failed to load more of your collection. Please try again.';

function SetBlock({ athleteId, set }: { athleteId: number; set: CollectionSet }) {
  return (
    <div className="collection-set">
      <h3 className="collection-set-title">
        {set.name} <span className="collection-progress">{`${set.held} of ${set.total}`}</span>
        {set.complete && set.countsForTopFan && <span className="badge badge-green">Complete</span>}
      </h3>
      <ul className="grid cards-grid collection-grid" aria-label={`${set.name} cards`}>
        {set.cards.map((card) => {
          const href = paths.card.getHref(athleteId, card.id);
          if (card.held === 0) {
            return (
              <li key={card.id} className="collectible collection-missing">
                <Link to={href} className="collectible-link" aria-label={`Missing: ${card.name}, open its card page`}>
                  <FallbackImage src={card.image} alt={`${card.name} trading card`} loading="lazy" width={240} height={336} />
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
          return (
            <li key={card.id} className="collectible">
              <Link to={href} className="collectible-link" aria-label={`View ${card.name}`}>
                <FallbackImage src={card.image} alt={`${card.name} trading card`} loading="lazy" width={240} height={336} />
              </Link>
              <div className="collectible-body">
                <h4 className="entity-title">{card.name}</h4>
                <div className="badge-row">
                  <span className="badge badge-green">Shopify order</span>
                  {card.edition && <span className="badge badge-muted">{card.edition}</span>}
                  {card.held > 1 && <span className="badge badge-muted">×{card.held}</span>}
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
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function AthleteBlock({ entry }: { entry: CollectionAthlete }) {
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
        <SetBlock key={set.id ?? 'rest'} athleteId={athlete.id} set={set} />
      ))}
    </section>
  );
}

export default function MyCollection() {
  const [local, setLocal] = useState<LocalCollectible[]>(() => readPurchasedCards());
  const removal = useConfirmation<LocalCollectible>();
  const [now] = useState(() => Date.now());
  const [polling, setPolling] = useState(() => pendingLocalOrders(local, now) > 0);
  const collection = useMyCollection(polling ? 1500 : 0);
  const [refreshing, setRefreshing] = useState(false);
  const searchHref = isDemoPath(useLocation().pathname) ? paths.demo.search.getHref() : paths.search.getHref();

  const athletes = useMemo(() => (collection.data ?? []).flatMap((p) => p.items), [collection.data]);
  const onDevice = useMemo(() => localOnly(local, athletes), [local, athletes]);
  const topFans = athletes.filter((a) => a.topFan);
  const total = heldCount(athletes) + onDevice.length;

  // Stop polling once every recent purchase of this browser shows in the collection (or is old).
  if (polling && collection.data && pendingLocalOrders(onDevice, Date.now()) === 0) setPolling(false);

  const pages = collection.data ?? [];
  const lastPage = pages[pages.length - 1];
  const firstLoad = !collection.data && !collection.error;
  const loadingMore = collection.isValidating && collection.size > pages.length;
  const moreFailed = collection.error && collection.size > pages.length && pages.length > 0;

  const refresh = async () => {
    setRefreshing(true);
    setLocal(readPurchasedCards());
    try {
      await collection.mutate();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="page container">
      <div className="page-head">
        <div>
          <h1 className="page-title">My Collection</h1>
          <p className="muted">{total > 0 ? `${total} collectible${total === 1 ? '' : 's'}` : 'Your digital cards live here.'}</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => void refresh()} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>

      {collection.error && !moreFailed && <ErrorBox message={collection.data ? REFRESH_ERROR : LOAD_ERROR} onRetry={() => void refresh()} />}
      {firstLoad && <PageSpinner label="Loading your cards..." />}

      {topFans.length > 0 && (
        <div className="topfan-banner" role="note">
          <span className="badge badge-gold">Top Fan</span> You hold the full set of {topFans.map((a) => a.athlete.name).join(', ')}.
        </div>
      )}

      {!firstLoad && total === 0 && !collection.error && (
        <div className="panel empty-state">
          <h2 className="page-title">No Cards Yet</h2>
          <p className="muted">Find an athlete you cheer for and pick up their first card.</p>
          <Link className="btn btn-primary" to={searchHref}>
            Browse Athletes
          </Link>
        </div>
      )}

      {(onDevice.length > 0 || athletes.length > 0) && (
        // One list of what the buyer has: the cards kept on this device first, then each athlete's sets.
        <ul className="collection-list" aria-label="My collectibles">
          {onDevice.length > 0 && (
            <li>
              <section className="section" aria-labelledby="on-device-title">
                <h2 id="on-device-title" className="section-title">
                  On this device
                </h2>
                <p className="muted small">
                  {pendingLocalOrders(onDevice, Date.now()) > 0 ? 'Recent purchases show in your collection in a moment.' : 'Cards collected in this browser.'}
                </p>
                <ul className="grid cards-grid collection-grid" aria-label="Cards on this device">
                  {onDevice.map((e) => (
                    <li key={e.id} className="collectible">
                      <Link to={paths.card.getHref(e.athleteId, e.cardId)} className="collectible-link" aria-label={`View ${e.title}`}>
                        <FallbackImage src={e.image} alt={`${e.title} trading card`} loading="lazy" width={240} height={336} />
                      </Link>
                      <div className="collectible-body">
                        <h3 className="entity-title">{e.title}</h3>
                        {e.athleteName && <p className="entity-sub">{e.athleteName}</p>}
                        <div className="badge-row">
                          <span className="badge badge-muted">{`${e.purchaseMethod} · this device`}</span>
                        </div>
                        <p className="price">{formatUsd(e.priceCents)}</p>
                        <p className="muted small">
                          Collected <DateText iso={e.purchaseDate} />
                        </p>
                        <button type="button" className="btn btn-ghost btn-sm danger-text" onClick={() => removal.ask(e)} aria-label={`Remove ${e.title}`}>
                          Remove
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          )}
          {athletes.map((entry) => (
            <li key={entry.athlete.id}>
              <AthleteBlock entry={entry} />
            </li>
          ))}
        </ul>
      )}

      {moreFailed && <ErrorBox message={LOAD_MORE_ERROR} onRetry={() => void collection.setSize(collection.size)} />}
      {lastPage?.nextCursor && !moreFailed && (
        <div className="center">
          <button type="button" className="btn btn-outline" disabled={loadingMore} onClick={() => void collection.setSize(collection.size + 1)}>
            {loadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}

      <ConfirmAbout about={removal} title="Remove Collectible?" confirmLabel="Remove" danger onConfirm={(e) => setLocal(removePurchasedCard(e.id))}>
        {(e) => <p>{e.title} will be removed from this device. Orders made through the Shopify store stay in your collection.</p>}
      </ConfirmAbout>
    </div>
  );
}
