// Buying on the card page: how many (1 to 10, never more than the edition has left), then a review
// of the order (price x quantity, the total, the serials it would get) before anything is bought.
// With a Shopify store configured the review ends in the storefront's own button (Buy on Shopify,
// with that quantity); locally the local checkout stands in for it and delivers a signed order to
// the webhook. A refusal (409: the card locked, sold out or retired since the page loaded) says why.
// The page is rendered on request with the card's sale state, so Buy stays disabled until the app
// has hydrated it: a click before that would do nothing (the button has no handler yet).
import { useState } from 'react';
import type { CardView } from '@shared/catalog/catalog-api';
import type { CheckoutResponse } from '@shared/sales/sales-api';
import { serialLabel } from '@shared/cards/editions';
import { formatUsd } from '@shared/platform/money';
import { editionWords } from '@/components/card/card-edition';
import { ErrorBox } from '@/components/error-box';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import type { SaleStatus } from '@/lib/card-sale';
import { useHydrated } from '@/lib/use-hydrated';
import { useCheckout } from '@/features/cards/api/create-checkout';
import { ShopifyBuy } from '@/features/cards/components/shopify-buy';

/** The storefront takes at most 10 of a card per order (the local checkout refuses more). */
export const MAX_QUANTITY = 10;

export const maxQuantity = (card: Pick<CardView, 'remaining'>): number => Math.max(1, Math.min(MAX_QUANTITY, card.remaining ?? MAX_QUANTITY));

/** 'You'd get about #32 / 500' ('#32–33 / 500' for two): the next serials if nobody buys first;
 * a live moment drop numbers its open edition too ('#32'); null for another open edition. */
export function expectedSerials(card: Pick<CardView, 'editionSize' | 'issued' | 'drop'>, quantity: number): string | null {
  if (card.editionSize === null && card.drop?.phase === 'live') {
    return `You'd get about ${serialLabel([card.issued + 1, card.issued + quantity], null)}`;
  }
  if (card.editionSize === null || card.issued >= card.editionSize) return null;
  const from = card.issued + 1;
  return `You'd get about ${serialLabel([from, Math.min(card.editionSize, card.issued + quantity)], card.editionSize)}`;
}

interface Props {
  card: CardView;
  athleteId: number;
  athleteName: string;
  /** null while the card's sale state loads (nothing is bought on a stale state). */
  status: SaleStatus | null;
  onPurchased: (order: CheckoutResponse, quantity: number) => void;
  /** The card changed state since the page loaded: read it again. */
  onStale: () => void;
}

export function BuyPanel({ card, athleteId, athleteName, status, onPurchased, onStale }: Props) {
  const checkout = useCheckout();
  const [quantity, setQuantity] = useState(1);
  const [reviewing, setReviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const buyable = status?.buyable === true;
  const max = maxQuantity(card);
  const shown = Math.min(quantity, max);
  const serials = buyable ? expectedSerials(card, shown) : null;

  const confirm = async () => {
    setError(null);
    try {
      const order = await checkout.trigger({ athleteId, athleteName, card, quantity: shown });
      onPurchased(order, shown);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        setError(failure.message);
        setReviewing(false);
        onStale();
      } else setError('Sorry, your purchase could not be completed. Please try again.');
    }
  };

  if (reviewing && buyable) {
    return (
      <section className="buy-review panel" aria-labelledby="review-title">
        <h2 id="review-title" className="panel-title">
          Review your order
        </h2>
        <dl className="review-lines">
          <div>
            <dt>Card</dt>
            <dd>
              {card.name} · {editionWords(card.edition, card.editionSize)}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>
              {formatUsd(card.priceCents)} × {shown}
            </dd>
          </div>
          <div className="review-total">
            <dt>Total</dt>
            <dd>{formatUsd(card.priceCents * shown)}</dd>
          </div>
        </dl>
        {serials && <p className="muted small">{serials}: serial numbers are given in the order sales are counted, moments after payment.</p>}
        {env.shopify ? (
          <ShopifyBuy productId={card.shopifyProductId} quantity={shown} />
        ) : (
          <>
            <button type="button" className="btn btn-primary btn-lg" onClick={() => void confirm()} disabled={checkout.isMutating}>
              {checkout.isMutating ? 'Processing...' : 'Confirm purchase'}
            </button>
            <p className="hint">Local checkout: stands in for the Shopify storefront in local mode.</p>
          </>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setReviewing(false)} disabled={checkout.isMutating}>
          Change
        </button>
        {error && <ErrorBox message={error} onRetry={() => void confirm()} />}
      </section>
    );
  }

  return (
    <div className="buy-box">
      {buyable && (
        <div className="quantity">
          <label htmlFor="buy-quantity">Quantity</label>
          <div className="quantity-stepper">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-label="One fewer"
              onClick={() => setQuantity(Math.max(1, shown - 1))}
              disabled={shown <= 1}
            >
              −
            </button>
            <input
              id="buy-quantity"
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={shown}
              onChange={(e) => setQuantity(Math.max(1, Math.min(max, Math.trunc(Number(e.target.value)) || 1)))}
            />
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-label="One more"
              onClick={() => setQuantity(Math.min(max, shown + 1))}
              disabled={shown >= max}
            >
              +
            </button>
          </div>
          <span className="muted small">
            {shown > 1 ? `${formatUsd(card.priceCents)} × ${shown} = ${formatUsd(card.priceCents * shown)}` : `At most ${max} per order`}
          </span>
        </div>
      )}
      {serials && <p className="next-serial">{serials}</p>}
      <button
        type="button"
        className="btn btn-primary btn-lg"
        onClick={() => {
          setError(null);
          setReviewing(true);
        }}
        disabled={!buyable || !hydrated}
        aria-describedby={status?.text ? 'sale-status' : undefined}
      >
        Buy
      </button>
      {error && <ErrorBox message={error} />}
    </div>
  );
}
