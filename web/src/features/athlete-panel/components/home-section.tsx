// Home: "how am I doing" on the athlete's first screen. One earnings figure (everything earned:
// the 97% of card sales and the donations allocated, from the ledger), the spec's sales dashboard
// figures (Total Cards Sold, Total Revenue with the average price, Total Fans), what needs the
// athlete (cards to approve, a payout account to link, a disclosure to report) and what comes next
// (the next payout), the sales and earnings chart with its time ranges, "N fans own your full set",
// and the Recent Orders. Sales figures refresh live.
import { useMemo } from 'react';
import type { AthleteProfileResponse } from '@shared/catalog/catalog-api';
import type { AthletePayoutsResponse } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { countLabel } from '@shared/platform/text';
import { Button } from '@/components/button';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { FigureTile, Tiles } from '@/components/tiles';
import { useAthleteStats } from '@/features/athlete-panel/api/get-athlete-stats';
import { usePayouts } from '@/features/athlete-panel/api/get-payouts';
import { LIVE_REFRESH_MS } from '@/features/athlete-panel/config';
import type { AthleteTab } from '@/features/athlete-panel/components/athlete-sections';
import { OrdersPanel, SALES_ERROR } from '@/features/athlete-panel/components/orders-panel';
import { SalesChart } from '@/features/athlete-panel/components/sales-chart';

interface Props {
  profile: AthleteProfileResponse;
  own: boolean;
  pending: number;
  onOpen: (tab: AthleteTab) => void;
}

/** The next payout in words ('$226.01 on its way to your bank, expected Nov 30'). */
function NextPayout({ payouts }: { payouts: AthletePayoutsResponse }) {
  const next = payouts.nextPayout;
  if (!next)
    return payouts.balanceCents > 0 ? (
      <>{formatUsd(payouts.balanceCents)} owed to you: your collective pays it in its next payout.</>
    ) : (
      <>Nothing owed to you right now: every payout is paid.</>
    );
  const amount = formatUsd(next.amountCents);
  if (next.status === 'in_transit' || next.status === 'sending')
    return (
      <>
        {amount} on its way to your bank{next.expectedArrival ? `, expected ${next.expectedArrival}` : ''}.
      </>
    );
  if (next.status === 'sent' && next.sentDate)
    return (
      <>
        {amount} sent on <DateText iso={next.sentDate} />.
      </>
    );
  if (next.status === 'awaiting_account') return <>{amount} waits for you to link a payout account.</>;
  return <>{amount} is being prepared by your collective.</>;
}

/** What needs the athlete, each with the way there. */
function NeedsYou({ own, pending, payouts, onOpen }: { own: boolean; pending: number; payouts: AthletePayoutsResponse; onOpen: Props['onOpen'] }) {
  const nil = payouts.year.nil;
  const items: Array<{ key: string; text: string; action: string; to: AthleteTab }> = [];
  if (pending > 0)
    items.push({
      key: 'approvals',
      text: `${countLabel(pending, 'card')} ${pending === 1 ? 'is' : 'are'} waiting for your approval.`,
      action: 'Review cards',
      to: 'approvals',
    });
  if (own && !payouts.payoutAccount?.payoutsEnabled)
    items.push({ key: 'account', text: 'Link a payout account so your collective can pay you through Stripe.', action: 'Link payout account', to: 'payouts' });
  if (nil.crossedAt && !nil.reportedDate)
    items.push({
      key: 'nil',
      text: `Report your NIL compensation${nil.deadline ? ` by ${nil.deadline}` : ''}: it passed ${formatUsd(nil.thresholdCents)} this year.`,
      action: 'Open the disclosure',
      to: 'disclosure',
    });
  return (
    <Panel id="needs-you-title" title="Needs you">
      {items.length === 0 ? (
        <p className="muted">Nothing needs you right now.</p>
      ) : (
        <ul className="plain-list home-todo">
          {items.map((item) => (
            <li key={item.key}>
              <span>{item.text}</span>
              <Button intent="primary" size="sm" onClick={() => onOpen(item.to)}>
                {item.action}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="ap-subtitle">Next payout</h3>
      <p className="flush">
        <NextPayout payouts={payouts} />
      </p>
    </Panel>
  );
}

export function HomeSection({ profile, own, pending, onOpen }: Props) {
  const { athlete, cards } = profile;
  const cardNames = useMemo(() => new Map(cards.map((c) => [c.id, c.name])), [cards]);
  const stats = useAthleteStats(athlete.id, LIVE_REFRESH_MS);
  const payouts = usePayouts(athlete.id, own);
  if (stats.error || payouts.error)
    return (
      <ErrorBox
        message={SALES_ERROR}
        onRetry={() => {
          void stats.mutate();
          void payouts.mutate();
        }}
      />
    );
  if (!stats.data || !payouts.data) return <Spinner label="Loading stats..." />;
  const s = stats.data;
  const p = payouts.data;
  // Credits: confirmed activations and donations allocated before activations (decision 0027).
  const donations = p.earnedCents - s.earningsCents;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <Panel id="home-title" title="How you are doing">
        <Tiles label="Sales dashboard">
          <FigureTile
            lead
            label="Your earnings"
            value={formatUsd(p.earnedCents)}
            note={`Your 97% of ${formatUsd(s.totalRevenueCents)} in card sales${donations > 0 ? `, plus ${formatUsd(donations)} from your collective (activations, and donations allocated before activations)` : ''}`}
          />
          <FigureTile label="Total Cards Sold" value={String(s.totalCardsSold)} />
          <FigureTile
            label="Total Revenue"
            value={formatUsd(s.totalRevenueCents)}
            note={`Avg. ${formatUsd(s.averagePriceCents)} per card · Gross: what fans paid, after discounts and refunds`}
          />
          <FigureTile label="Total Fans" value={String(s.uniqueFans)} note="Unique purchasers" />
        </Tiles>
        <p className="home-fans">
          <strong>
            {countLabel(s.topFanCount, 'fan')} {s.topFanCount === 1 ? 'owns' : 'own'} your full set
          </strong>
          {s.topFanCount > 0 ? ' (your Top Fans).' : '.'}{' '}
          <Button intent="quiet" size="sm" onClick={() => onOpen('fans')}>
            See your fans
          </Button>
        </p>
        <SalesChart athleteId={athlete.id} own={own} stats={s} today={today} />
      </Panel>
      <NeedsYou own={own} pending={pending} payouts={p} onOpen={onOpen} />
      <OrdersPanel athleteId={athlete.id} cardNames={cardNames} />
    </>
  );
}
