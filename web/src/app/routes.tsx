// The route table. Every screen is a lazy chunk so the first page only downloads its own code;
// a chunk missing after a deploy reloads the page once (lib/chunk-reload.ts), and errors show the
// designed error screen (components/route-error.tsx, around the table and each layout's outlet).
// Owner screens sit behind RequireSignIn; their /demo twins never ask for sign-in.
// Routes whose first screen depends on neither data nor the query string carry
// `handle: { prerender: true }`: the build writes their HTML (web/build-tools/prerender.ts).
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { DocumentTitle } from '@/components/document-title';
import { RequireSignIn } from '@/components/require-sign-in';
import { AfterHydration } from '@/components/after-hydration';
import { API_BASE } from '@/config/api';
import { paths } from '@/config/paths';
import { searchPath } from '@/features/search/api/search-path';
import { fillPath, lazyScreen, type RouteParams } from '@/lib/lazy-screen';

/**
 * A screen whose first data is one entity read from the path's params (template '/athletes/:id' on
 * '/athlete/:id'): the boot script preloads that URL and a deep link renders with it. The template
 * is the key the screen's hook reads. Screens whose first data depends on the query string or is
 * paginated (search, rosters, My Collection), and the panels (whose entity is the signed-in
 * account's, not the path's), have none.
 */
const entity = (template: string) => ({
  data: [`${API_BASE}${template}`],
  prime: (params: RouteParams) => import('@/lib/prime-data').then((m) => m.primeData(fillPath(template, params))),
  serverData: (params: RouteParams) => [fillPath(template, params)],
});

// The layouts are lazy too: the landing needs neither, and every HTML page preloads what it uses.
const DemoShell = lazyScreen('components/demo-shell.tsx', () => import('@/components/demo-shell').then((m) => ({ default: m.DemoShell })));
const MarketingLayout = lazyScreen('components/marketing-layout.tsx', () =>
  import('@/components/marketing-layout').then((m) => ({ default: m.MarketingLayout })),
);
// The front door (/): the storefront, rendered on request with its cards (serverData) and also
// prerendered without them into index.html, the page every server answers when a render fails.
const Storefront = lazyScreen('features/home/components/storefront.tsx', () => import('@/features/home/components/storefront'), {
  serverData: () => ['/storefront'],
});
const MainChooser = lazyScreen('features/marketing/components/main-chooser.tsx', () => import('@/features/marketing/components/main-chooser'));
const Pitch = lazyScreen('features/marketing/components/pitch.tsx', () => import('@/features/marketing/components/pitch'));
const Statement = lazyScreen('features/marketing/components/statement.tsx', () => import('@/features/marketing/components/statement'));
const WhatWeOffer = lazyScreen('features/marketing/components/what-we-offer.tsx', () => import('@/features/marketing/components/what-we-offer'));
const Learn = lazyScreen('features/marketing/components/learn.tsx', () => import('@/features/marketing/components/learn'));
const Platform = lazyScreen('features/marketing/components/platform.tsx', () => import('@/features/marketing/components/platform'));
const CollectiveProspectus = lazyScreen(
  'features/marketing/components/collective-prospectus.tsx',
  () => import('@/features/marketing/components/collective-prospectus'),
);
const PlayerProspectus = lazyScreen('features/marketing/components/player-prospectus.tsx', () => import('@/features/marketing/components/player-prospectus'));
const FanProspectus = lazyScreen('features/marketing/components/fan-prospectus.tsx', () => import('@/features/marketing/components/fan-prospectus'));
const DemoHome = lazyScreen('features/home/components/demo-home.tsx', () => import('@/features/home/components/demo-home'), entity('/featured'));
// The server renders a search link with its first page of results (the query is in the URL).
const SearchPage = lazyScreen('features/search/components/search-page.tsx', () => import('@/features/search/components/search-page'), {
  serverData: (_params, search) => {
    const query = (search.get('query') ?? '').trim();
    return [query ? searchPath(query) : null];
  },
});
const AthleteProfile = lazyScreen(
  'features/athletes/components/athlete-profile.tsx',
  () => import('@/features/athletes/components/athlete-profile'),
  entity('/athletes/:id'),
);
const AthleteMedia = lazyScreen(
  'features/athletes/components/athlete-media.tsx',
  () => import('@/features/athletes/components/athlete-media'),
  entity('/athletes/:id'),
);
const CardPurchase = lazyScreen(
  'features/cards/components/card-purchase.tsx',
  () => import('@/features/cards/components/card-purchase'),
  entity('/athletes/:athleteId'),
);
const MyCollection = lazyScreen('features/collection/components/my-collection.tsx', () => import('@/features/collection/components/my-collection'));
const SchoolPage = lazyScreen('features/schools/components/school-page.tsx', () => import('@/features/schools/components/school-page'), entity('/schools/:id'));
const SupportPage = lazyScreen('features/support/components/support-page.tsx', () => import('@/features/support/components/support-page'));
const SportRoster = lazyScreen('features/schools/components/sport-roster.tsx', () => import('@/features/schools/components/sport-roster'));
const WaitingList = lazyScreen('features/waitlist/components/waiting-list.tsx', () => import('@/features/waitlist/components/waiting-list'));
const Login = lazyScreen('features/auth/components/login.tsx', () => import('@/features/auth/components/login'));
const Signup = lazyScreen('features/auth/components/signup.tsx', () => import('@/features/auth/components/signup'));
const CreateProfile = lazyScreen('features/auth/components/create-profile.tsx', () => import('@/features/auth/components/create-profile'));
const ClaimInvite = lazyScreen('features/onboarding/components/claim-invite.tsx', () => import('@/features/onboarding/components/claim-invite'));
const JoinCollective = lazyScreen(
  'features/collective-signup/components/join-collective.tsx',
  () => import('@/features/collective-signup/components/join-collective'),
);
const NotFound = lazyScreen('components/not-found.tsx', () => import('@/components/not-found'));
const OperatorConsole = lazyScreen('features/operator/components/operator-console.tsx', () => import('@/features/operator/components/operator-console'));
const AthletePanel = lazyScreen('features/athlete-panel/athlete-panel-route.tsx', () => import('@/features/athlete-panel/athlete-panel-route'));
const CollectivePanel = lazyScreen('features/collective-panel/collective-panel-route.tsx', () => import('@/features/collective-panel/collective-panel-route'));
const CollectiveAthlete = lazyScreen(
  'features/collective-panel/collective-athlete-route.tsx',
  () => import('@/features/collective-panel/collective-athlete-route'),
);

// Notifications and the audit log (issue 26, issue 23 item 7): the bell in the top bar, the
// notifications page, the unsubscribe page, the collective panel's Audit log section.
const NotificationBell = lazyScreen(
  'features/notifications/components/notification-bell.tsx',
  () => import('@/features/notifications/components/notification-bell'),
);
const AccountPage = lazyScreen('features/account/components/account-page.tsx', () => import('@/features/account/components/account-page'));
const NotificationsPage = lazyScreen(
  'features/notifications/components/notifications-page.tsx',
  () => import('@/features/notifications/components/notifications-page'),
);
const UnsubscribePage = lazyScreen(
  'features/notifications/components/unsubscribe-page.tsx',
  () => import('@/features/notifications/components/unsubscribe-page'),
);
const AuditLog = lazyScreen('features/notifications/components/audit-log.tsx', () => import('@/features/notifications/components/audit-log'));

// The community (issue 26): follow buttons and leaderboards on the athlete's and the school's pages,
// the fan's feed on My Collection, collector profiles and their settings.
const FollowButton = lazyScreen('features/feed/components/follow-button.tsx', () => import('@/features/feed/components/follow-button'));
const AthleteLeaderboards = lazyScreen('features/collector/components/leaderboard.tsx', () =>
  import('@/features/collector/components/leaderboard').then((m) => ({ default: m.AthleteLeaderboards })),
);
const SchoolLeaderboard = lazyScreen('features/collector/components/leaderboard.tsx', () =>
  import('@/features/collector/components/leaderboard').then((m) => ({ default: m.SchoolLeaderboard })),
);
const FanFeed = lazyScreen('features/feed/components/fan-feed.tsx', () => import('@/features/feed/components/fan-feed'));
const CollectorPage = lazyScreen('features/collector/components/collector-page.tsx', () => import('@/features/collector/components/collector-page'));
const ProfileSettings = lazyScreen('features/collector/components/profile-settings.tsx', () => import('@/features/collector/components/profile-settings'));

/** Marks a route whose HTML the build writes. */
const PRERENDER = { prerender: true } as const;

/** A screen with a fixed tab title (screens named after their data set it themselves). */
const titled = (title: string | undefined, element: ReactNode) => (
  <>
    <DocumentTitle title={title} />
    {element}
  </>
);

export const routes: RouteObject[] = [
  { path: paths.main.path, handle: PRERENDER, element: titled('Who Are You Cheering For?', <MainChooser />) },
  { path: paths.pitch.path, handle: PRERENDER, element: titled('Pitch Deck', <Pitch />) },
  {
    element: <MarketingLayout />,
    children: [
      { path: paths.statement.path, handle: PRERENDER, element: titled('Statement', <Statement />) },
      { path: paths.statementCapital.path, handle: PRERENDER, element: titled('Statement', <Statement />) },
      { path: paths.whatWeOffer.path, handle: PRERENDER, element: titled('What We Offer', <WhatWeOffer />) },
      { path: paths.learn.path, handle: PRERENDER, element: titled('Learn', <Learn />) },
      { path: paths.platform.path, handle: PRERENDER, element: titled('Platform', <Platform />) },
      { path: paths.platformLower.path, handle: PRERENDER, element: titled('Platform', <Platform />) },
      { path: paths.collectiveProspectus.path, handle: PRERENDER, element: titled('For Collectives', <CollectiveProspectus />) },
      { path: paths.playerProspectus.path, handle: PRERENDER, element: titled('For Athletes', <PlayerProspectus />) },
      { path: paths.fanProspectus.path, handle: PRERENDER, element: titled('For Fans', <FanProspectus />) },
      { path: paths.waitingList.path, handle: PRERENDER, element: titled('Get on the List', <WaitingList />) },
      { path: paths.login.path, element: titled('Sign In', <Login />) },
      { path: paths.signup.path, element: titled('Sign Up', <Signup />) },
      { path: paths.createProfile.path, handle: PRERENDER, element: titled('Create Athlete Profile', <CreateProfile />) },
      { path: paths.claim.path, element: titled('Claim Your Athlete Profile', <ClaimInvite />) },
      { path: paths.collectiveJoin.path, element: titled('Join as a Collective', <JoinCollective />) },
    ],
  },
  {
    element: <DemoShell topbarExtra={<NotificationBell />} />,
    children: [
      { path: paths.landing.path, handle: PRERENDER, element: titled(undefined, <Storefront />) },
      // Rendered on request with its featured schools and athletes (its first data), not prerendered.
      { path: paths.demo.home.path, element: titled('Demo', <DemoHome />) },
      { path: paths.demo.search.path, element: <SearchPage /> },
      { path: paths.search.path, element: <SearchPage /> },
      { path: paths.demo.myCards.path, element: titled('My Collection · Demo', <MyCollection />) },
      {
        path: paths.myCards.path,
        element: titled(
          'My Collection',
          <RequireSignIn>
            <MyCollection
              feed={
                <AfterHydration>
                  <FanFeed />
                </AfterHydration>
              }
            />
          </RequireSignIn>,
        ),
      },
      { path: paths.demo.whatWeOffer.path, handle: PRERENDER, element: titled('What We Offer · Demo', <WhatWeOffer />) },
      { path: paths.demo.learn.path, handle: PRERENDER, element: titled('Learn · Demo', <Learn />) },
      { path: paths.demo.waitingList.path, handle: PRERENDER, element: titled('Get on the List · Demo', <WaitingList />) },
      {
        path: paths.athlete.path,
        element: (
          <AthleteProfile
            community={
              <AfterHydration>
                <FollowButton kind="athlete" />
                <AthleteLeaderboards />
              </AfterHydration>
            }
          />
        ),
      },
      { path: paths.card.path, element: <CardPurchase /> },
      { path: paths.athleteMedia.path, element: <AthleteMedia /> },
      {
        path: paths.school.path,
        element: (
          <SchoolPage
            community={
              <AfterHydration>
                <FollowButton kind="school" />
                <SchoolLeaderboard />
              </AfterHydration>
            }
          />
        ),
      },
      { path: paths.sport.path, element: <SportRoster /> },
      { path: paths.support.path, element: <SupportPage /> },
      {
        path: paths.athleteAdmin.path,
        element: (
          <RequireSignIn>
            <AthletePanel />
          </RequireSignIn>
        ),
      },
      { path: paths.demo.athlete.path, element: <AthletePanel /> },
      {
        path: paths.athleteAdminPanel.path,
        element: (
          <RequireSignIn>
            <AthletePanel />
          </RequireSignIn>
        ),
      },
      {
        path: paths.collectiveAdmin.path,
        element: (
          <RequireSignIn>
            <CollectivePanel auditLog={<AuditLog />} />
          </RequireSignIn>
        ),
      },
      { path: paths.demo.collective.path, handle: PRERENDER, element: <CollectivePanel auditLog={<AuditLog />} /> },
      {
        path: paths.collectiveAdminPanel.path,
        element: (
          <RequireSignIn>
            <CollectivePanel auditLog={<AuditLog />} />
          </RequireSignIn>
        ),
      },
      { path: paths.collectiveAthlete.path, element: <CollectiveAthlete /> },
      {
        path: paths.operator.path,
        element: titled(
          'Operator console',
          <RequireSignIn>
            <OperatorConsole />
          </RequireSignIn>,
        ),
      },
      { path: paths.demo.collectiveAthlete.path, element: <CollectiveAthlete /> },
      {
        path: paths.notifications.path,
        element: titled(
          'Notifications',
          <RequireSignIn>
            <NotificationsPage />
          </RequireSignIn>,
        ),
      },
      { path: paths.unsubscribe.path, element: titled('Stop these emails', <UnsubscribePage />) },
      { path: paths.collector.path, element: <CollectorPage /> },
      {
        path: paths.profile.path,
        element: titled(
          'Your collector profile',
          <RequireSignIn>
            <ProfileSettings />
          </RequireSignIn>,
        ),
      },
      {
        path: paths.account.path,
        element: titled(
          'Your account',
          <RequireSignIn>
            <AccountPage />
          </RequireSignIn>,
        ),
      },
    ],
  },
  { path: '*', element: titled('Page Not Found', <NotFound />) },
];
