// The athlete admin panel (/athlete, /demo/athlete, /athlete-admin-panel): header, side menu
// (My Cards, Approvals with the pending count, Payouts, Posts, Overview, Comments; the section is
// kept in ?tab= so a reload stays put). It reads the athlete's own profile (GET /api/athletes/{id}),
// never the whole catalog; Approvals and Payouts load with their tab.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { awaitsApproval } from '@shared/cards/lifecycle';
import { ApiError } from '@/lib/api-client';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner, Spinner } from '@/components/spinner';
import '@/components/dashboard/dashboard.css';
import '@/features/athlete-panel/athlete-panel.css';
import { useAthleteProfile } from '@/features/athlete-panel/api/get-athlete-profile';
import { useOwnerCards } from '@/features/athlete-panel/api/get-owner-cards';
import { MyCardsTab } from '@/features/athlete-panel/components/my-cards-tab';
import { CommentsTab, OverviewTab } from '@/features/athlete-panel/components/overview-tab';
import { PostsTab } from '@/features/athlete-panel/components/posts-tab';
import { NilGoBanner } from '@/features/athlete-panel/components/nil-go-panel';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTenant } from '@/lib/use-tenant';

const ApprovalsTab = lazy(() => import('@/features/athlete-panel/components/approvals-tab'));
const PayoutsTab = lazy(() => import('@/features/athlete-panel/components/payouts-tab'));

export type AthleteTab = 'cards' | 'approvals' | 'payouts' | 'posts' | 'overview' | 'comments';

export const ATHLETE_TABS: Array<{ id: AthleteTab; label: string }> = [
  { id: 'cards', label: 'My Cards' },
  { id: 'approvals', label: 'Approvals' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'posts', label: 'Posts' },
  { id: 'overview', label: 'Overview' },
  { id: 'comments', label: 'Comments' },
];

export const parseTab = (value: string | null): AthleteTab => ATHLETE_TABS.find((t) => t.id === value)?.id ?? 'cards';

export const PROFILE_ERROR = 'Failed to load your profile. Please try again later.';

/** The side menu; Approvals carries the number of cards waiting for the athlete's decision. */
function AthleteMenu({ current, pending, onSelect }: { current: AthleteTab; pending: number; onSelect: (id: AthleteTab) => void }) {
  return (
    <nav className="dash-menu" aria-label="Athlete panel">
      {ATHLETE_TABS.map((item) => (
        <button key={item.id} type="button" aria-current={item.id === current ? 'page' : undefined} onClick={() => onSelect(item.id)}>
          {item.label}
          {item.id === 'approvals' && pending > 0 && (
            <>
              <span className="ap-count" aria-hidden="true">
                {pending}
              </span>
              <span className="sr-only"> ({pending} pending)</span>
            </>
          )}
        </button>
      ))}
    </nav>
  );
}

export default function AthletePanelRoute() {
  const { athleteId, isOwnerAthlete } = useTenant();
  const { data: profile, error, mutate } = useAthleteProfile(athleteId);
  const owner = useOwnerCards(athleteId, isOwnerAthlete);
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  useDocumentTitle(profile ? `${ATHLETE_TABS.find((t) => t.id === tab)?.label} · ${profile.athlete.name}` : 'Athlete Panel');

  if (error) {
    if (error instanceof ApiError && error.status === 404) return <ErrorBox message="Athlete not found" />;
    return <ErrorBox message={PROFILE_ERROR} onRetry={() => void mutate()} />;
  }
  if (!profile) return <PageSpinner label="Loading your panel..." />;
  const { athlete } = profile;
  const pending = owner.data?.cards.filter(awaitsApproval).length ?? 0;

  return (
    <section className="page container">
      <header className="dash-header">
        <FallbackImage src={athlete.image} alt="" className="dash-avatar" />
        <div>
          <h1>{athlete.name}</h1>
          <p className="dash-handle">@{athlete.handle}</p>
          <p className="dash-zone">Dates and months in UTC</p>
        </div>
      </header>
      <div className="dash">
        <AthleteMenu
          current={tab}
          pending={pending}
          onSelect={(id) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (id === 'cards') next.delete('tab');
                else next.set('tab', id);
                return next;
              },
              { replace: true },
            )
          }
        />
        <div className="dash-main">
          {tab !== 'payouts' && <NilGoBanner athleteId={athlete.id} own={isOwnerAthlete} />}
          {tab === 'cards' && <MyCardsTab profile={profile} />}
          <Suspense fallback={<Spinner label="Loading..." />}>
            {tab === 'approvals' && <ApprovalsTab athleteId={athlete.id} own={isOwnerAthlete} />}
            {tab === 'payouts' && <PayoutsTab athleteId={athlete.id} own={isOwnerAthlete} />}
          </Suspense>
          {tab === 'posts' && <PostsTab athleteId={athlete.id} />}
          {tab === 'overview' && <OverviewTab athleteId={athlete.id} />}
          {tab === 'comments' && <CommentsTab athleteId={athlete.id} />}
        </div>
      </div>
    </section>
  );
}
