// After a purchase: 'Purchase Successful!', then the reveal. The local checkout delivered the signed
// order to the webhook; serials are assigned when settlement counts the sale, moments later, so the
// screen polls the order (GET /api/me/orders/{id}) with a clear waiting state, then shows each card
// bought in its frame with its serial and the set's progress, and takes the buyer to My Cards.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CardView } from '@shared/catalog/catalog-api';
import type { CheckoutResponse } from '@shared/sales/sales-api';
import type { SerialRange } from '@shared/cards/editions';
import { serialLabel } from '@shared/cards/editions';
import { CardFrame } from '@/components/card/card-frame';
import { loginHref } from '@/lib/login-href';
import { paths } from '@/config/paths';
import { useOrderReveal } from '@/features/cards/api/get-order-reveal';

/** How long the reveal waits for the sale to be counted before it sends the buyer to My Cards anyway. */
export const REVEAL_WAIT_MS = 45_000;
/** How long the revealed serials stay before the buyer is taken to My Cards (unless they stay). */
export const REDIRECT_DELAY_MS = 6_000;

/** Each serial of the ranges on its own ('#32 / 500', '#33 / 500'): one card per unit. */
const eachSerial = (ranges: SerialRange[]): SerialRange[] =>
  ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => [a + i, a + i] as SerialRange));

interface Props {
  order: CheckoutResponse;
  quantity: number;
  card: CardView;
  athleteId: number;
  athleteName: string;
  frame: { meta: string; school: string | null };
  myCardsHref: string;
  /** Signed out outside the demo: the card is the demo buyer's, shown in the demo's My Cards. */
  keptOnDevice: boolean;
  navigate: (to: string) => void;
}

export function PurchaseSuccess({ order, quantity, card, athleteId, athleteName, frame, myCardsHref, keptOnDevice, navigate }: Props) {
  const [gaveUp, setGaveUp] = useState(false);
  // The buyer tapped Buy further down the card page: the news starts at the top.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, []);
  const [stay, setStay] = useState(false);
  const reveal = useOrderReveal(order.orderId, !gaveUp);
  const settled = reveal.data?.settled === true;
  const polling = !settled && !gaveUp;
  if (settled && !gaveUp) setGaveUp(true);

  useEffect(() => {
    if (!polling) return;
    const timer = window.setTimeout(() => setGaveUp(true), REVEAL_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [polling]);
  const done = settled || gaveUp;
  useEffect(() => {
    if (!done || stay) return;
    const timer = window.setTimeout(() => navigate(myCardsHref), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, stay, navigate, myCardsHref]);

  const line = reveal.data?.lines.find((l) => l.athleteId === athleteId && l.cardId === card.id);
  const serials = settled && line ? eachSerial(line.serials) : [];
  const unnumbered = settled && line ? line.quantity - serials.length : 0;
  const set = reveal.data?.athletes.find((a) => a.athlete.id === athleteId)?.sets.find((s) => s.cards.some((c) => c.id === card.id));

  return (
    <div className="page container narrow center">
      <div className="panel success-panel" role="status">
        <div className="success-check" aria-hidden="true">
          ✓
        </div>
        <h1 className="page-title">Purchase Successful!</h1>
        <p>
          {quantity > 1 ? `${quantity} × ${card.name} are yours.` : `${card.name} is yours.`}{' '}
          {done && !stay ? (
            <>
              You are being redirected to <Link to={myCardsHref}>My Cards</Link>...
            </>
          ) : (
            <>
              You will find {quantity > 1 ? 'them' : 'it'} in <Link to={myCardsHref}>My Cards</Link>.
            </>
          )}
        </p>
        {polling && (
          // Inside the panel's live region: a spinner without a status of its own.
          <p className="spinner-wrap">
            <span className="spinner" aria-hidden="true" />
            <span className="spinner-label">Counting your sale: your serial {quantity > 1 ? 'numbers are' : 'number is'} given in a moment...</span>
          </p>
        )}
        {gaveUp && !settled && <p className="muted">Your sale is still being counted: its serial numbers will show in My Cards shortly.</p>}
        {settled && reveal.data?.counted === false && (
          <p className="muted">This order is not counted (it was cancelled or refunded), so it holds no serial numbers.</p>
        )}
        {serials.length > 0 && (
          <p className="reveal-serials">
            Your serial {serials.length > 1 ? 'numbers' : 'number'}: {serials.map((range) => serialLabel(range, card.editionSize)).join(', ')}
          </p>
        )}
        {serials.length > 0 && (
          <ul className="reveal-cards" aria-label="Your serial numbers">
            {serials.map((range) => (
              <li key={range[0]}>
                <CardFrame
                  image={card.image}
                  alt={`${card.name} trading card, serial ${serialLabel(range, card.editionSize)}`}
                  athleteName={athleteName}
                  meta={frame.meta}
                  school={frame.school}
                  edition={card.edition}
                  editionSize={card.editionSize}
                  cardNumber={card.id}
                  serials={[range]}
                  priority
                />
              </li>
            ))}
          </ul>
        )}
        {unnumbered > 0 && (
          <p className="muted small">
            {unnumbered} {unnumbered === 1 ? 'card has' : 'cards have'} no serial number (
            {card.editionSize === null ? 'an open edition' : 'the edition sold out first'}
            ).
          </p>
        )}
        {set && (
          <p className="reveal-set">
            {set.name}: {set.held} of {set.total} collected{set.complete ? ' · complete!' : ''}
          </p>
        )}
        {done && !stay && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setStay(true)}>
            Stay on this page
          </button>
        )}
        <div className="row-actions">
          <Link className="btn btn-primary" to={myCardsHref}>
            Go to My Cards
          </Link>
          <Link className="btn btn-outline" to={paths.athlete.getHref(athleteId)}>
            More of {athleteName || 'this athlete'}
          </Link>
        </div>
        {keptOnDevice && (
          <p className="muted small">
            You are not signed in, so the card is kept on this device and shown in the demo&apos;s My Cards.{' '}
            <Link to={loginHref(paths.myCards.getHref())}>Sign in</Link> to see your own collection.
          </p>
        )}
      </div>
    </div>
  );
}
