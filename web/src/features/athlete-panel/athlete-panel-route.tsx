// The athlete admin panel (/athlete, /demo/athlete, /athlete-admin-panel): header, a side menu of
// sections named for what they answer (Home, Cards & approvals with the pending count, Earnings,
// Fans, Posts: components/athlete-sections.ts), a vertical tablist of the design system (arrow keys
// move through it). The place is kept in ?tab= so a reload stays put, and the spec's tabs (My Cards,
// Posts, Overview, Comments) are still there inside the sections. It reads the athlete's own profile
// (GET /api/athletes/{id}), never the whole catalog; Cards, Earnings and Fans load with their section.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { awaitsApproval } from '@shared/cards/lifecycle';
import { ApiError } from '@/lib/api-client';
import { ErrorBox } from '@/components/error-box';
import { PageSpinner, Spinner } from '@/components/spinner';
import { PanelHeader } from '@/components/dashboard/panel-header';
import { TabPanel, Tabs } from '@/components/tabs';
import '@/components/dashboard/dashboard.css';
import '@/features/athlete-panel/athlete-panel.css';
import { useAthleteProfile } from '@/features/athlete-panel/api/get-athlete-profile';
import { useOwnerCards } from '@/features/athlete-panel/api/get-owner-cards';
import { HomeSection } from '@/features/athlete-panel/components/home-section';
import { PostsTab } from '@/features/athlete-panel/components/posts-tab';
import { SECTIONS, firstTabOf, parseTab, placeLabel, sectionOf, type AthleteTab } from '@/features/athlete-panel/components/athlete-sections';
import { NilGoBanner } from '@/features/athlete-panel/components/nil-go-panel';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTenant } from '@/lib/use-tenant';

const CardsSection = lazy(() => import('@/features/athlete-panel/components/cards-section'));
const EarningsSection = lazy(() => import('@/features/athlete-panel/components/earnings-section'));
const FansSection = lazy(() => import('@/features/athlete-panel/components/fans-section'));

export const PROFILE_ERROR = 'Failed to load your profile. Please try again later.';

export default function AthletePanelRoute() {
  const { athleteId, isOwnerAthlete } = useTenant();
  const { data: profile, error, mutate } = useAthleteProfile(athleteId);
  const owner = useOwnerCards(athleteId, isOwnerAthlete);
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const section = sectionOf(tab);
  useDocumentTitle(profile ? `${placeLabel(tab)} · ${profile.athlete.name}` : 'Athlete Panel');

  if (error) {
    if (error instanceof ApiError && error.status === 404) return <ErrorBox message="Athlete not found" />;
    return <ErrorBox message={PROFILE_ERROR} onRetry={() => void mutate()} />;
  }
  if (!profile) return <PageSpinner label="Loading your panel..." />;
  const { athlete } = profile;
  const pending = owner.data?.cards.filter(awaitsApproval).length ?? 0;
  const open = (next: AthleteTab) =>
    setParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'home') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <section className="page container">
      <PanelHeader title={athlete.name} subtitle={`@${athlete.handle}`} image={athlete.image} />
      <div className="dash">
        <Tabs
          label="Athlete panel"
          idBase="athlete"
          orientation="vertical"
          className="dash-menu"
          items={SECTIONS.map((s) => (s.id === 'cards' ? { ...s, count: pending, countLabel: 'pending' } : s))}
          current={section}
          onSelect={(id) => open(firstTabOf(id))}
        />
        <TabPanel idBase="athlete" id={section} className="dash-main">
          {/* NIL Go's alert on every screen but the one with its panel (Earnings › NIL & tax). */}
          {tab !== 'disclosure' && <NilGoBanner athleteId={athlete.id} own={isOwnerAthlete} />}
          {section === 'home' && <HomeSection profile={profile} own={isOwnerAthlete} pending={pending} onOpen={open} />}
          <Suspense fallback={<Spinner label="Loading..." />}>
            {section === 'cards' && (
              <CardsSection profile={profile} own={isOwnerAthlete} tab={tab === 'approvals' ? 'approvals' : 'cards'} pending={pending} onTab={open} />
            )}
            {section === 'earnings' && (
              <EarningsSection
                athleteId={athlete.id}
                own={isOwnerAthlete}
                tab={tab === 'activations' || tab === 'statement' || tab === 'overview' || tab === 'disclosure' ? tab : 'payouts'}
                onTab={open}
              />
            )}
            {section === 'fans' && <FansSection athleteId={athlete.id} own={isOwnerAthlete} />}
          </Suspense>
          {section === 'posts' && <PostsTab athleteId={athlete.id} />}
        </TabPanel>
      </div>
    </section>
  );
}
