// Card purchase page (/athlete/:athleteId/card/:cardId): card image, price, buy button, Back to Profile, About.
// With a Shopify store configured the Buy Button SDK is loaded lazily; otherwise 'Buy' uses the local checkout.
// After a purchase the buyer goes to a My Cards they can open: the demo's when they came from the
// demo or are signed out (the card is kept on this device and shows there), their own otherwise.
// The card and its sale state come from GET /api/athletes/{id}: a locked card's Buy is disabled
// with its progress line, sold out and retired say so, and the checkout's 409s show their message.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { CardView } from '@shared/catalog/catalog-api';
import { formatUsd } from '@shared/platform/money';
import { ErrorBox } from '@/components/error-box';
import { loginHref } from '@/components/sign-in-required';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner, Spinner } from '@/components/spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { ATHLETE_ERROR, useAthleteProfile } from '@/lib/athlete-profile';
import { saleStatus } from '@/lib/card-sale';
import { parseId } from '@/lib/catalog';
import { isInDemoContext } from '@/lib/demo-role';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth/session-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCheckout } from '@/features/cards/api/create-checkout';
import { mountBuyButton } from '@/features/cards/api/shopify-buy-button';
import { Panel } from '@/components/panel';

export const REDIRECT_DELAY_MS = 2500;

interface NavState {
  card?: CardView;
  athleteName?: string;
  athleteId?: number;
}

function ShopifyBuy({ productId, onCheckout }: { productId: string; onCheckout: () => void }) {
  const node = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    const shopify = env.shopify;
    if (!node.current || !shopify) return;
    let cancelled = false;
    const target = node.current;
    mountBuyButton(target, { domain: shopify.domain, storefrontToken: shopify.storefrontToken, productId, onCheckout })
      .then(() => !cancelled && setStatus('ready'))
      .catch(() => !cancelled && setStatus('error'));
    return () => {
      cancelled = true;
      target.innerHTML = '';
    };
  }, [productId, onCheckout]);
  return (
    <div className="shopify-buy">
      {status === 'loading' && <Spinner label="Loading Shopify checkout..." />}
      {status === 'error' && <ErrorBox message="The Shopify checkout could not be loaded. Please try again later." onRetry={() => window.location.reload()} />}
      <div ref={node} />
    </div>
  );
}

export default function CardPurchase() {
  const { athleteId, cardId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as NavState;
  const athleteNumber = parseId(athleteId);
  const profile = useAthleteProfile(athleteNumber);
  const checkout = useCheckout();
  const [buyError, setBuyError] = useState<string | null>(null);
  const [purchased, setPurchased] = useState(false);
  const session = useSession();
  const config = useRuntimeConfig();
  // /mycards asks a signed-out visitor to sign in (when sign-in is configured): not where a purchase should end.
  const ownCardsOpen = session !== null || (config !== null && !config.auth);
  const myCardsHref = isInDemoContext() || !ownCardsOpen ? paths.demo.myCards.getHref() : paths.myCards.getHref();

  useEffect(() => {
    if (!purchased) return;
    const timer = window.setTimeout(() => navigate(myCardsHref), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [purchased, navigate, myCardsHref]);

  const athlete = profile.data?.athlete;
  const cardNumber = parseId(cardId);
  const missing = athleteNumber === null || cardNumber === null || (profile.error instanceof ApiError && profile.error.status === 404);
  // The athlete's answer is the source of truth; navigation state only fills in while it loads.
  const card =
    profile.data?.cards.find((c) => c.id === cardNumber) ??
    (!profile.data && state.card && state.card.id === cardNumber && state.athleteId === athleteNumber ? state.card : undefined);
  const cards = profile.data?.cards ?? (card ? [card] : []);
  const athleteName = athlete?.name ?? state.athleteName ?? '';
  const known = profile.data !== undefined || missing;
  useDocumentTitle(purchased ? 'Purchase Successful!' : card ? card.name : known ? 'Card not found' : undefined);

  if (!card) {
    if (!missing && profile.error) return <ErrorBox message={ATHLETE_ERROR} onRetry={() => void profile.mutate()} />;
    if (!known) return <PageSpinner label="Loading card..." />;
    return (
      <div className="page container narrow center">
        <div className="panel empty-state">
          <h1 className="page-title">Card not found</h1>
          <p className="muted">This card does not exist or is no longer on sale.</p>
          <button type="button" className="btn btn-primary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/demo'))}>
            Go Back
          </button>
        </div>
      </div>
    );
  }

  const athleteKey = athleteNumber ?? 0;
  // While the answer loads (a card from navigation state), nothing is bought: its state may be stale.
  const status = profile.data ? saleStatus(card, cards) : null;

  const buyLocally = async () => {
    setBuyError(null);
    try {
      await checkout.trigger({ athleteId: athleteKey, athleteName, card });
      setPurchased(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The card changed state since the page loaded (locked, sold out, retired): say why and show the new state.
        setBuyError(error.message);
        void profile.mutate();
      } else {
        setBuyError('Sorry, your purchase could not be completed. Please try again.');
      }
    }
  };

  if (purchased) {
    return (
      <div className="page container narrow center">
        <div className="panel success-panel" role="status">
          <div className="success-check" aria-hidden="true">
            ✓
          </div>
          <h1 className="page-title">Purchase Successful!</h1>
          <p>
            {card.name} is yours. You are being redirected to <Link to={myCardsHref}>My Cards</Link>...
          </p>
          {!ownCardsOpen && !isInDemoContext() && (
            <p className="muted small">
              You are not signed in, so the card is kept on this device and shown in the demo&apos;s My Cards.{' '}
              <Link to={loginHref(paths.myCards.getHref())}>Sign in</Link> to see your own collection.
            </p>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="page container">
      <Link className="back-link" to={paths.athlete.getHref(athleteKey)}>
        ← Back to Profile
      </Link>
      <div className="purchase">
        <div className="purchase-art">
          <FallbackImage src={card.image} alt={`${card.name} trading card`} width={360} height={504} />
        </div>
        <div className="purchase-info">
          <p className="eyebrow">{athleteName}</p>
          <h1 className="page-title">{card.name}</h1>
          <p className="price price-lg">{formatUsd(card.priceCents)}</p>
          {card.edition && <p className="muted">{card.edition} edition</p>}
          {status?.text && (
            <p className="lead sale-status" id="sale-status">
              {status.text}
            </p>
          )}
          {!status ? (
            <Spinner label="Checking availability..." />
          ) : env.shopify ? (
            status.buyable && <ShopifyBuy productId={card.shopifyProductId} onCheckout={() => undefined} />
          ) : (
            <div className="buy-box">
              <button
                type="button"
                className="btn btn-primary btn-lg"
                onClick={() => void buyLocally()}
                disabled={checkout.isMutating || !status.buyable}
                aria-describedby={status.text ? 'sale-status' : undefined}
              >
                {checkout.isMutating ? 'Processing...' : 'Buy'}
              </button>
              <p className="hint">Local checkout: stands in for the Shopify storefront in local mode.</p>
              {buyError && <ErrorBox message={buyError} onRetry={status.buyable ? () => void buyLocally() : undefined} />}
            </div>
          )}
          <Panel id="card-about" title="About">
            <p>{card.description}</p>
            <p className="muted">
              An official digital collectible approved by {athleteName || 'the athlete'}. 97% of the sale goes to the athlete through their school&apos;s
              collective. Collect every card of an athlete to become a Top Fan.
            </p>
          </Panel>
        </div>
      </div>
    </div>
  );
}
