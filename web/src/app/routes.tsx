// The route table. Every screen is a lazy chunk so the first page only downloads its own code;
// a chunk missing after a deploy reloads the page once (lib/chunk-reload.ts). Every route has the
// designed error element. Owner screens sit behind RequireSignIn; their /demo twins never ask for sign-in.
import type { RouteObject } from 'react-router-dom';
import { DemoShell } from '../components/demo-shell';
import { MarketingLayout } from '../components/marketing-layout';
import { RequireSignIn } from '../components/require-sign-in';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { lazyWithReload as lazy } from '../lib/chunk-reload';

const Landing = lazy(() => import('../features/marketing/components/landing'));
const MainChooser = lazy(() => import('../features/marketing/components/main-chooser'));
const Pitch = lazy(() => import('../features/marketing/components/pitch'));
const Statement = lazy(() => import('../features/marketing/components/statement'));
const WhatWeOffer = lazy(() => import('../features/marketing/components/what-we-offer'));
const Learn = lazy(() => import('../features/marketing/components/learn'));
const Platform = lazy(() => import('../features/marketing/components/platform'));
const CollectiveProspectus = lazy(() => import('../features/marketing/components/collective-prospectus'));
const PlayerProspectus = lazy(() => import('../features/marketing/components/player-prospectus'));
const FanProspectus = lazy(() => import('../features/marketing/components/fan-prospectus'));
const DemoHome = lazy(() => import('../features/home/components/demo-home'));
const SearchPage = lazy(() => import('../features/search/components/search-page'));
const AthleteProfile = lazy(() => import('../features/athletes/components/athlete-profile'));
const AthleteMedia = lazy(() => import('../features/athletes/components/athlete-media'));
const CardPurchase = lazy(() => import('../features/cards/components/card-purchase'));
const MyCollection = lazy(() => import('../features/collection/components/my-collection'));
const SchoolPage = lazy(() => import('../features/schools/components/school-page'));
const SportRoster = lazy(() => import('../features/schools/components/sport-roster'));
const WaitingList = lazy(() => import('../features/waitlist/components/waiting-list'));
const Login = lazy(() => import('../features/auth/components/login'));
const Signup = lazy(() => import('../features/auth/components/signup'));
const CreateProfile = lazy(() => import('../features/auth/components/create-profile'));
const NotFound = lazy(() => import('../components/not-found'));
const AthletePanel = lazy(() => import('../features/athlete-panel/athlete-panel-route'));
const CollectivePanel = lazy(() => import('../features/collective-panel/collective-panel-route'));
const CollectiveAthlete = lazy(() => import('../features/collective-panel/collective-athlete-route'));

const table: RouteObject[] = [
  { path: paths.landing.path, element: <Landing /> },
  { path: paths.main.path, element: <MainChooser /> },
  { path: paths.pitch.path, element: <Pitch /> },
  {
    element: <MarketingLayout />,
    children: [
      { path: paths.statement.path, element: <Statement /> },
      { path: paths.statementCapital.path, element: <Statement /> },
      { path: paths.whatWeOffer.path, element: <WhatWeOffer /> },
      { path: paths.learn.path, element: <Learn /> },
      { path: paths.platform.path, element: <Platform /> },
      { path: paths.platformLower.path, element: <Platform /> },
      { path: paths.collectiveProspectus.path, element: <CollectiveProspectus /> },
      { path: paths.playerProspectus.path, element: <PlayerProspectus /> },
      { path: paths.fanProspectus.path, element: <FanProspectus /> },
      { path: paths.waitingList.path, element: <WaitingList /> },
      { path: paths.login.path, element: <Login /> },
      { path: paths.signup.path, element: <Signup /> },
      { path: paths.createProfile.path, element: <CreateProfile /> },
    ],
  },
  {
    element: <DemoShell />,
    children: [
      { path: paths.demo.home.path, element: <DemoHome /> },
      { path: paths.demo.search.path, element: <SearchPage /> },
      { path: paths.search.path, element: <SearchPage /> },
      { path: paths.demo.myCards.path, element: <MyCollection /> },
      { path: paths.myCards.path, element: <RequireSignIn><MyCollection /></RequireSignIn> },
      { path: paths.demo.whatWeOffer.path, element: <WhatWeOffer /> },
      { path: paths.demo.learn.path, element: <Learn /> },
      { path: paths.demo.waitingList.path, element: <WaitingList /> },
      { path: paths.athlete.path, element: <AthleteProfile /> },
      { path: paths.card.path, element: <CardPurchase /> },
      { path: paths.athleteMedia.path, element: <AthleteMedia /> },
      { path: paths.school.path, element: <SchoolPage /> },
      { path: paths.sport.path, element: <SportRoster /> },
      { path: paths.athleteAdmin.path, element: <RequireSignIn><AthletePanel /></RequireSignIn> },
      { path: paths.demo.athlete.path, element: <AthletePanel /> },
      { path: paths.athleteAdminPanel.path, element: <RequireSignIn><AthletePanel /></RequireSignIn> },
      { path: paths.collectiveAdmin.path, element: <RequireSignIn><CollectivePanel /></RequireSignIn> },
      { path: paths.demo.collective.path, element: <CollectivePanel /> },
      { path: paths.collectiveAdminPanel.path, element: <RequireSignIn><CollectivePanel /></RequireSignIn> },
      { path: paths.collectiveAthlete.path, element: <CollectiveAthlete /> },
    ],
  },
  { path: '*', element: <NotFound /> },
];

/** Gives every route (layouts and their children) the designed error element. */
function withErrorElements(list: RouteObject[]): RouteObject[] {
  return list.map((route) => ({ ...route, errorElement: route.errorElement ?? <RouteError />, ...(route.children ? { children: withErrorElements(route.children) } : {}) }) as RouteObject);
}

export const routes: RouteObject[] = withErrorElements(table);
