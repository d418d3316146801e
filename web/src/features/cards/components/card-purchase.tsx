// Card purchase page (/athlete/:athleteId/card/:cardId): the card in its Drift frame, price, the
// edition's progress ('469 of 500 left', 'Sold out'; a locked card its way to the unlock), the
// serial a buyer would get, quantity and a review step, Back to Profile, share, About, the card's
// place in its set and its recent sales. The card and its sale state come from GET
// /api/athletes/{id} (the page is rendered on request with it). With a Shopify store configured the
// review ends in the Buy Button; otherwise the local checkout buys, and the success screen reveals
// the serials once settlement has counted the sale (purchase-success.tsx). After a purchase the
// buyer goes to a My Cards they can open: the demo's when they came from the demo or are signed
// out (the card is kept on this device and shows there), their own otherwise.
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { CardView } from '@shared/catalog/catalog-api';
import type { CheckoutResponse } from '@shared/sales/sales-api';
import { formatUsd } from '@shared/platform/money';
import { athleteLine, editionWords } from '@/components/card/card-edition';
import { CardFrame } from '@/components/card/card-frame';
import { EditionProgress } from '@/components/card/edition-progress';
import { ErrorBox } from '@/components/error-box';
import { Panel } from '@/components/panel';
import { PageSpinner, Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { ATHLETE_ERROR, useAthleteProfile } from '@/lib/athlete-profile';
import { saleStatus } from '@/lib/card-sale';
import { parseId } from '@/lib/catalog';
import { isInDemoContext } from '@/lib/demo-role';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth/session-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { BuyPanel } from '@/features/cards/components/buy-panel';
import { CardSetStrip } from '@/features/cards/components/card-set-strip';
import { PurchaseSuccess } from '@/features/cards/components/purchase-success';
import { RecentSales } from '@/features/cards/components/recent-sales';
import { ShareCard } from '@/features/cards/components/share-card';
import '@/features/cards/components/card-page.css';
import { DropCountdown } from '@/components/drop-countdown';

interface NavState {
  card?: CardView;
  athleteName?: string;
  athleteId?: number;
}

function CardNotFound() {
  const navigate = useNavigate();
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

export default function CardPurchase() {
  const { athleteId, cardId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as NavState;
  const athleteNumber = parseId(athleteId);
  const profile = useAthleteProfile(athleteNumber);
  const [purchase, setPurchase] = useState<{ order: CheckoutResponse; quantity: number } | null>(null);
  const session = useSession();
  const config = useRuntimeConfig();
  // /mycards asks a signed-out visitor to sign in (when sign-in is configured): not where a purchase should end.
  const ownCardsOpen = session !== null || (config !== null && !config.auth);
  const myCardsHref = isInDemoContext() || !ownCardsOpen ? paths.demo.myCards.getHref() : paths.myCards.getHref();

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
  useDocumentTitle(purchase ? 'Purchase Successful!' : card ? card.name : known ? 'Card not found' : undefined);

  if (!card) {
    if (!missing && profile.error) return <ErrorBox message={ATHLETE_ERROR} onRetry={() => void profile.mutate()} />;
    if (!known) return <PageSpinner label="Loading card..." />;
    return <CardNotFound />;
  }

  const athleteKey = athleteNumber ?? 0;
  const frame = { meta: athlete ? athleteLine(athlete) : '', school: athlete?.school ?? null };
  if (purchase) {
    return (
      <PurchaseSuccess
        order={purchase.order}
        quantity={purchase.quantity}
        card={card}
        athleteId={athleteKey}
        athleteName={athleteName}
        frame={frame}
        myCardsHref={myCardsHref}
        keptOnDevice={!ownCardsOpen && !isInDemoContext()}
        navigate={navigate}
      />
    );
  }

  // While the answer loads (a card from navigation state), nothing is bought: its state may be stale.
  const status = profile.data ? saleStatus(card, cards) : null;
  return (
    <div className="page container">
      <Link className="back-link" to={paths.athlete.getHref(athleteKey)}>
        ← Back to Profile
      </Link>
      <div className="purchase">
        <div className="purchase-art">
          <CardFrame
            image={card.image}
            alt={`${card.name} trading card`}
            athleteName={athleteName}
            meta={frame.meta}
            school={frame.school}
            edition={card.edition}
            editionSize={card.editionSize}
            cardNumber={card.id}
            muted={status !== null && !status.buyable}
            priority
          />
        </div>
        <div className="purchase-info">
          <p className="eyebrow">
            {athleteName}
            {athlete ? ` · ${athlete.school}` : ''}
          </p>
          <h1 className="page-title">{card.name}</h1>
          <p className="muted">{editionWords(card.edition, card.editionSize)}</p>
          <p className="price price-lg">{formatUsd(card.priceCents)}</p>
          {status ? <EditionProgress card={card} cards={cards} id="sale-status" /> : <Spinner label="Checking availability..." />}
          {card.drop && <DropCountdown drop={card.drop} onPhaseChange={() => void profile.mutate()} />}
          <BuyPanel
            card={card}
            athleteId={athleteKey}
            athleteName={athleteName}
            status={status}
            onPurchased={(order, quantity) => setPurchase({ order, quantity })}
            onStale={() => void profile.mutate()}
          />
          <ShareCard title={card.name} text={`${card.name}: ${editionWords(card.edition, card.editionSize)} on Drift`} />
          <Panel id="card-about" title="About">
            <p>{card.description}</p>
            <p className="muted">
              An official digital collectible approved by {athleteName || 'the athlete'}. 97% of the sale goes to the athlete through their school&apos;s
              collective. Collect every card of an athlete to become a Top Fan.
            </p>
          </Panel>
        </div>
      </div>
      {profile.data && <CardSetStrip card={card} cards={cards} sets={profile.data.sets} athleteId={athleteKey} athleteName={athleteName} frame={frame} />}
      <RecentSales athleteId={athleteKey} card={card} />
    </div>
  );
}
