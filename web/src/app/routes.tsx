// The route table. Every screen is a lazy chunk so the first page only downloads its own code;
// a chunk missing after a deploy reloads the page once (lib/chunk-reload.ts). Every route has the
// designed error element. Owner screens sit behind RequireSignIn; their /demo twins never ask for sign-in.
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { DemoShell } from '@/components/demo-shell';
import { DocumentTitle } from '@/components/document-title';
import { MarketingLayout } from '@/components/marketing-layout';
import { RequireSignIn } from '@/components/require-sign-in';
import { RouteError } from '@/components/route-error';
import { paths } from '@/config/paths';
import { lazyWithReload as lazy } from '@/lib/chunk-reload';

const Landing = lazy(() => import('@/features/marketing/components/landing'));
const MainChooser = lazy(() => import('@/features/marketing/components/main-chooser'));
const Pitch = lazy(() => import('@/features/marketing/components/pitch'));
const Statement = lazy(() => import('@/features/marketing/components/statement'));
const WhatWeOffer = lazy(() => import('@/features/marketing/components/what-we-offer'));
const Learn = lazy(() => import('@/features/marketing/components/learn'));
const Platform = lazy(() => import('@/features/marketing/components/platform'));
const CollectiveProspectus = lazy(() => import('@/features/marketing/components/collective-prospectus'));
const PlayerProspectus = lazy(() => import('@/features/marketing/components/player-prospectus'));
const FanProspectus = lazy(() => import('@/features/marketing/components/fan-prospectus'));
const DemoHome = lazy(() => import('@/features/home/components/demo-home'));
const SearchPage = lazy(() => import('@/features/search/components/search-page'));
const AthleteProfile = lazy(() => import('@/features/athletes/components/athlete-profile'));
const AthleteMedia = lazy(() => import('@/features/athletes/components/athlete-media'));
const CardPurchase = lazy(() => import('@/features/cards/components/card-purchase'));
const MyCollection = lazy(() => import('@/features/collection/components/my-collection'));
const SchoolPage = lazy(() => import('@/features/schools/components/school-page'));
const SportRoster = lazy(() => import('@/features/schools/components/sport-roster'));
const WaitingList = lazy(() => import('@/features/waitlist/components/waiting-list'));
const Login = lazy(() => import('@/features/auth/components/login'));
const Signup = lazy(() => import('@/features/auth/components/signup'));
const CreateProfile = lazy(() => import('@/features/auth/components/create-profile'));
const NotFound = lazy(() => import('@/components/not-found'));
const AthletePanel = lazy(() => import('@/features/athlete-panel/athlete-panel-route'));
const CollectivePanel = lazy(() => import('@/features/collective-panel/collective-panel-route'));
const CollectiveAthlete = lazy(() => import('@/features/collective-panel/collective-athlete-route'));

/** A screen with a fixed tab title (screens named after their data set it themselves). */
const titled = (title: string | undefined, element: ReactNode) => (
  <>
    <DocumentTitle title={title} />
    {element}
  </>
);

const table: RouteObject[] = [
  { path: paths.landing.path, element: titled(undefined, <Landing />) },
  { path: paths.main.path, element: titled('Who Are You Cheering For?', <MainChooser />) },
  { path: paths.pitch.path, element: titled('Pitch Deck', <Pitch />) },
  {
    element: <MarketingLayout />,
    children: [
      { path: paths.statement.path, element: titled('Statement', <Statement />) },
      { path: paths.statementCapital.path, element: titled('Statement', <Statement />) },
      { path: paths.whatWeOffer.path, element: titled('What We Offer', <WhatWeOffer />) },
      { path: paths.learn.path, element: titled('Learn', <Learn />) },
      { path: paths.platform.path, element: titled('Platform', <Platform />) },
      { path: paths.platformLower.path, element: titled('Platform', <Platform />) },
      { path: paths.collectiveProspectus.path, element: titled('For Collectives', <CollectiveProspectus />) },
      { path: paths.playerProspectus.path, element: titled('For Athletes', <PlayerProspectus />) },
      { path: paths.fanProspectus.path, element: titled('For Fans', <FanProspectus />) },
      { path: paths.waitingList.path, element: titled('Get on the List', <WaitingList />) },
      { path: paths.login.path, element: titled('Sign In', <Login />) },
      { path: paths.signup.path, element: titled('Sign Up', <Signup />) },
      { path: paths.createProfile.path, element: titled('Create Athlete Profile', <CreateProfile />) },
    ],
  },
  {
    element: <DemoShell />,
    children: [
      { path: paths.demo.home.path, element: titled('Demo', <DemoHome />) },
      { path: paths.demo.search.path, element: <SearchPage /> },
      { path: paths.search.path, element: <SearchPage /> },
      { path: paths.demo.myCards.path, element: titled('My Collection · Demo', <MyCollection />) },
      {
        path: paths.myCards.path,
        element: titled(
          'My Collection',
          <RequireSignIn>
            <MyCollection />
          </RequireSignIn>,
        ),
      },
      { path: paths.demo.whatWeOffer.path, element: titled('What We Offer · Demo', <WhatWeOffer />) },
      { path: paths.demo.learn.path, element: titled('Learn · Demo', <Learn />) },
      { path: paths.demo.waitingList.path, element: titled('Get on the List · Demo', <WaitingList />) },
      { path: paths.athlete.path, element: <AthleteProfile /> },
      { path: paths.card.path, element: <CardPurchase /> },
      { path: paths.athleteMedia.path, element: <AthleteMedia /> },
      { path: paths.school.path, element: <SchoolPage /> },
      { path: paths.sport.path, element: <SportRoster /> },
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
            <CollectivePanel />
          </RequireSignIn>
        ),
      },
      { path: paths.demo.collective.path, element: <CollectivePanel /> },
      {
        path: paths.collectiveAdminPanel.path,
        element: (
          <RequireSignIn>
            <CollectivePanel />
          </RequireSignIn>
        ),
      },
      { path: paths.collectiveAthlete.path, element: <CollectiveAthlete /> },
      { path: paths.demo.collectiveAthlete.path, element: <CollectiveAthlete /> },
    ],
  },
  { path: '*', element: titled('Page Not Found', <NotFound />) },
];

/** Gives every route (layouts and their children) the designed error element. */
function withErrorElements(list: RouteObject[]): RouteObject[] {
  return list.map(
    (route) =>
      ({
        ...route,
        errorElement: route.errorElement ?? <RouteError />,
        ...(route.children ? { children: withErrorElements(route.children) } : {}),
      }) as RouteObject,
  );
}

export const routes: RouteObject[] = withErrorElements(table);
