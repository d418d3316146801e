// Fans: who buys the athlete's cards and who backs its program. "N fans own your full set" (the
// Top Fans, by pseudonym, the first 50), the unique purchasers, and the spec's Comments (what the
// collective's donors wrote). Loaded with its section.
import { countLabel } from '@shared/platform/text';
import { ErrorBox } from '@/components/error-box';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { FigureTile, Tiles } from '@/components/tiles';
import { useAthleteStats } from '@/features/athlete-panel/api/get-athlete-stats';
import { LIVE_REFRESH_MS } from '@/features/athlete-panel/config';
import { SALES_ERROR } from '@/features/athlete-panel/components/orders-panel';
import { CommentsTab } from '@/features/athlete-panel/components/overview-tab';

function TopFans({ athleteId }: { athleteId: number }) {
  const stats = useAthleteStats(athleteId, LIVE_REFRESH_MS);
  if (stats.error) return <ErrorBox message={SALES_ERROR} onRetry={() => void stats.mutate()} />;
  if (!stats.data) return <Spinner label="Loading your fans..." />;
  const s = stats.data;
  return (
    <Panel id="top-fans-title" title="Top Fans">
      <Tiles label="Fans">
        <FigureTile label="Own your full set" value={String(s.topFanCount)} note="Top Fans: every card of your set" />
        <FigureTile label="Total Fans" value={String(s.uniqueFans)} note="Unique purchasers" />
      </Tiles>
      <p className="hint">
        {countLabel(s.topFanCount, 'fan')} {s.topFanCount === 1 ? 'owns' : 'own'} your full set.
        {s.topFanCount > s.topFans.length ? ` Showing the first ${s.topFans.length}.` : ''} Fans are shown by a pseudonym, never their email.
      </p>
      {s.topFans.length === 0 ? (
        <p className="muted">No Top Fans yet.</p>
      ) : (
        <ul className="dash-fans" aria-label="Top Fans">
          {s.topFans.map((fan) => (
            <li key={fan.buyer}>
              {fan.buyer} <span className="muted small">({countLabel(fan.cardsHeld, 'card')})</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export default function FansSection({ athleteId }: { athleteId: number; own: boolean }) {
  return (
    <>
      <TopFans athleteId={athleteId} />
      <CommentsTab athleteId={athleteId} />
    </>
  );
}
