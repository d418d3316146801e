// My Collection (/mycards, /demo/mycards): the buyer's storefront orders plus the cards kept in this browser.
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatUsd } from '@shared/money';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { isDemoPath, paths } from '@/config/paths';
import { useCatalog } from '@/lib/catalog';
import { readPurchasedCards, removePurchasedCard, type LocalCollectible } from '@/lib/purchased-cards';
import { useMyOrders } from '@/features/collection/api/get-my-orders';
import { buildCollection, pendingLocalOrders, topFanAthleteIds, type CollectionEntry } from './collection-model';

export const LOAD_ERROR = 'Failed to load Shopify orders. Please try again later.';
export const REFRESH_ERROR = 'Failed to refresh Shopify orders. Please try again later.';

export default function MyCollection() {
  const [local, setLocal] = useState<LocalCollectible[]>(() => readPurchasedCards());
  const [pendingRemoval, setPendingRemoval] = useState<CollectionEntry | null>(null);
  const [now] = useState(() => Date.now());
  const catalog = useCatalog();
  const localPending = local.some((e) => e.orderId && now - Date.parse(e.purchaseDate) < 30_000);
  const [polling, setPolling] = useState(localPending);
  const orders = useMyOrders(polling ? 1500 : 0);
  const [refreshing, setRefreshing] = useState(false);
  const searchHref = isDemoPath(useLocation().pathname) ? paths.demo.search.getHref() : paths.search.getHref();

  const serverOrders = useMemo(() => (orders.data ?? []).flatMap((p) => p.items), [orders.data]);
  const entries = useMemo(() => buildCollection(serverOrders, local, catalog.data), [serverOrders, local, catalog.data]);
  const topFans = useMemo(() => topFanAthleteIds(entries, catalog.data), [entries, catalog.data]);

  if (polling && orders.data && pendingLocalOrders(entries, Date.now()) === 0) setPolling(false);

  const lastPage = orders.data?.[orders.data.length - 1];
  const firstLoad = orders.isLoading && !orders.data;

  const refresh = async () => {
    setRefreshing(true);
    setLocal(readPurchasedCards());
    try {
      await orders.mutate();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="page container">
      <div className="page-head">
        <div>
          <h1 className="page-title">My Collection</h1>
          <p className="muted">{entries.length > 0 ? `${entries.length} collectible${entries.length === 1 ? '' : 's'}` : 'Your digital cards live here.'}</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={() => void refresh()} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>

      {orders.error && <ErrorBox message={orders.data ? REFRESH_ERROR : LOAD_ERROR} onRetry={() => void refresh()} />}
      {firstLoad && <PageSpinner label="Loading your cards..." />}

      {topFans.size > 0 && (
        <div className="topfan-banner" role="note">
          <span className="badge badge-gold">Top Fan</span> You hold the full set of{' '}
          {[...topFans].map((id) => catalog.data?.athletes.find((a) => a.id === id)?.name).join(', ')}.
        </div>
      )}

      {!firstLoad && entries.length === 0 && !orders.error && (
        <div className="panel empty-state">
          <h2 className="page-title">No Cards Yet</h2>
          <p className="muted">Find an athlete you cheer for and pick up their first card.</p>
          <Link className="btn btn-primary" to={searchHref}>
            Browse Athletes
          </Link>
        </div>
      )}

      {entries.length > 0 && (
        <ul className="grid cards-grid collection-grid" aria-label="My collectibles">
          {entries.map((e) => (
            <li key={e.key} className="collectible">
              {e.athleteId !== null && e.cardId !== null ? (
                <Link to={paths.card.getHref(e.athleteId, e.cardId)} className="collectible-link" aria-label={`View ${e.title}`}>
                  <FallbackImage src={e.image} alt={`${e.title} trading card`} loading="lazy" width={240} height={336} />
                </Link>
              ) : (
                <FallbackImage src={e.image} alt={`${e.title} trading card`} loading="lazy" width={240} height={336} />
              )}
              <div className="collectible-body">
                <h2 className="entity-title">{e.title}</h2>
                {e.athleteName && <p className="entity-sub">{e.athleteName}</p>}
                <div className="badge-row">
                  {e.athleteId !== null && topFans.has(e.athleteId) && <span className="badge badge-gold">Top Fan</span>}
                  <span className={`badge ${e.isShopifyOrder ? 'badge-green' : 'badge-muted'}`}>
                    {e.isShopifyOrder ? 'Shopify order' : `${e.purchaseMethod} · this device`}
                  </span>
                  {e.quantity > 1 && <span className="badge badge-muted">×{e.quantity}</span>}
                </div>
                <p className="price">{formatUsd(e.priceCents)}</p>
                <p className="muted small">
                  Collected <DateText iso={e.purchaseDate} />
                </p>
                {e.localId && (
                  <button type="button" className="btn btn-ghost btn-sm danger-text" onClick={() => setPendingRemoval(e)} aria-label={`Remove ${e.title}`}>
                    Remove
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {lastPage?.nextCursor && (
        <div className="center">
          <button type="button" className="btn btn-outline" onClick={() => void orders.setSize(orders.size + 1)}>
            Load more
          </button>
        </div>
      )}

      {pendingRemoval && (
        <ConfirmDialog
          title="Remove Collectible?"
          confirmLabel="Remove"
          danger
          onCancel={() => setPendingRemoval(null)}
          onConfirm={() => {
            if (pendingRemoval.localId) setLocal(removePurchasedCard(pendingRemoval.localId));
            setPendingRemoval(null);
          }}
        >
          <p>{pendingRemoval.title} will be removed from this device. Orders made through the Shopify store stay in your collection.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
