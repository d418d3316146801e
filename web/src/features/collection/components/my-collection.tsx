// My Collection (/mycards, /demo/mycards), a showcase: the buyer's cards from GET /api/me/collection
// (the demo buyer's twin when signed out), newest purchase first and highlighted, filtered by school
// and set, grouped by athlete and set with progress, each card in the Drift frame with its serial,
// the missing cards (each a link to its card page) and the Top Fan badge from the answer's flag; a
// page of athletes at a time. Cards bought in this browser (localStorage `purchasedCards`) show
// until the collection holds them, and can be removed from this device.
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatUsd } from '@shared/platform/money';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { isDemoPath, paths } from '@/config/paths';
import { readPurchasedCards, removePurchasedCard, type LocalCollectible } from '@/lib/purchased-cards';
import { useMyCollection } from '@/features/collection/api/get-my-collection';
import {
  NO_FILTER,
  applyFilter,
  filterOptions,
  heldCount,
  localOnly,
  newestFirst,
  newestHeld,
  pendingLocalOrders,
} from '@/features/collection/components/collection-model';
import { AthleteBlock, CollectionFilters } from '@/features/collection/components/collection-parts';
import '@/features/collection/components/my-collection.css';

export const LOAD_ERROR = 'Failed to load Shopify orders. Please try again later.';
export const REFRESH_ERROR = 'Failed to refresh Shopify orders. Please try again later.';
export const LOAD_MORE_ERROR = 'Failed to load more of your collection. Please try again.';

/** `feed`: what the route table adds under the title (the fan's feed, another feature's). */
export default function MyCollection({ feed }: { feed?: ReactNode } = {}) {
  const [local, setLocal] = useState<LocalCollectible[]>(() => readPurchasedCards());
  const removal = useConfirmation<LocalCollectible>();
  const [now] = useState(() => Date.now());
  const [polling, setPolling] = useState(() => pendingLocalOrders(local, now) > 0);
  const collection = useMyCollection(polling ? 1500 : 0);
  const [refreshing, setRefreshing] = useState(false);
  const location = useLocation();
  const searchHref = isDemoPath(location.pathname) ? paths.demo.search.getHref() : paths.search.getHref();

  const [filter, setFilter] = useState(NO_FILTER);
  const athletes = useMemo(() => newestFirst((collection.data ?? []).flatMap((p) => p.items)), [collection.data]);
  const newest = useMemo(() => newestHeld(athletes), [athletes]);
  const options = useMemo(() => filterOptions(athletes), [athletes]);
  const shown = useMemo(() => applyFilter(athletes, filter), [athletes, filter]);
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
        {!isDemoPath(location.pathname) && <Link to={paths.account.getHref()}>Account and my data</Link>}
      </div>

      {feed}

      {collection.error && !moreFailed && <ErrorBox message={collection.data ? REFRESH_ERROR : LOAD_ERROR} onRetry={() => void refresh()} />}
      {firstLoad && <PageSpinner label="Loading your cards..." />}

      <CollectionFilters options={options} filter={filter} onChange={setFilter} />

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
                          <span className="badge badge-muted">{e.purchaseMethod === 'Shopify' ? 'On its way' : `Bought with ${e.purchaseMethod}`}</span>
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
          {shown.map((entry) => (
            <li key={entry.athlete.id}>
              <AthleteBlock entry={entry} newest={newest} />
            </li>
          ))}
        </ul>
      )}
      {athletes.length > 0 && shown.length === 0 && (
        <div className="panel empty-state">
          <p>No cards match these filters.</p>
        </div>
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
        {(e) => <p>{e.title} will be removed from this device. Cards you bought stay in your collection.</p>}
      </ConfirmAbout>
    </div>
  );
}
