// Every route of the web app, each with the `path` the router matches and a `getHref` to link to it.

const enc = encodeURIComponent;

export const paths = {
  landing: { path: '/', getHref: () => '/' },
  main: { path: '/main', getHref: () => '/main' },
  pitch: { path: '/drift-pitch', getHref: () => '/drift-pitch' },
  statement: { path: '/statement', getHref: () => '/statement' },
  statementCapital: { path: '/Statement', getHref: () => '/Statement' },
  whatWeOffer: { path: '/what-we-offer', getHref: () => '/what-we-offer' },
  learn: { path: '/learn', getHref: () => '/learn' },
  collectiveProspectus: { path: '/CollectiveProspectus', getHref: () => '/CollectiveProspectus' },
  playerProspectus: { path: '/PlayerProspectus', getHref: () => '/PlayerProspectus' },
  fanProspectus: { path: '/FanProspectus', getHref: () => '/FanProspectus' },
  platform: { path: '/Platform', getHref: () => '/platform' },
  platformLower: { path: '/platform', getHref: () => '/platform' },
  waitingList: { path: '/waiting-list', getHref: () => '/waiting-list' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  createProfile: { path: '/create-profile', getHref: () => '/create-profile' },
  /** An invite link: the athlete claims the profile the collective invited them to. */
  claim: { path: '/claim/:code', getHref: (code: string) => `/claim/${enc(code)}` },
  /** A collective applies to join Drift (an operator approves it at /operator). */
  collectiveJoin: { path: '/collectives/join', getHref: () => '/collectives/join' },

  demo: {
    home: { path: '/demo', getHref: () => '/demo' },
    search: { path: '/demo/search', getHref: (query = '') => (query ? `/demo/search?query=${enc(query)}` : '/demo/search') },
    myCards: { path: '/demo/mycards', getHref: () => '/demo/mycards' },
    athlete: { path: '/demo/athlete', getHref: () => '/demo/athlete' },
    collective: { path: '/demo/collective', getHref: () => '/demo/collective' },
    whatWeOffer: { path: '/demo/what-we-offer', getHref: () => '/demo/what-we-offer' },
    learn: { path: '/demo/learn', getHref: () => '/demo/learn' },
    waitingList: { path: '/demo/waiting-list', getHref: () => '/demo/waiting-list' },
    /** The demo twin of /collective/athlete/:athleteId, so the demo dashboard never leaves the demo. */
    collectiveAthlete: {
      path: '/demo/collective/athlete/:athleteId',
      getHref: (athleteId: number | string) => `/demo/collective/athlete/${enc(String(athleteId))}`,
    },
  },

  search: { path: '/search', getHref: (query = '') => (query ? `/search?query=${enc(query)}` : '/search') },
  myCards: { path: '/mycards', getHref: () => '/mycards' },
  athleteAdmin: { path: '/athlete', getHref: () => '/athlete' },
  athleteAdminPanel: { path: '/athlete-admin-panel', getHref: () => '/athlete-admin-panel' },
  collectiveAdmin: { path: '/collective', getHref: () => '/collective' },
  collectiveAdminPanel: { path: '/collective-admin-panel', getHref: () => '/collective-admin-panel' },
  /** The signed-in account's notifications and their email settings (issue 26). */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** A fan's public collector profile (issue 26), by its display name. */
  collector: { path: '/collector/:name', getHref: (name: string) => `/collector/${enc(name)}` },
  /** The signed-in fan's display name and collector profile settings. */
  profile: { path: '/profile', getHref: () => '/profile' },
  /** Where an email's unsubscribe link leads (signed query: r, c, t). */
  unsubscribe: { path: '/unsubscribe', getHref: (query = '') => (query ? `/unsubscribe?${query}` : '/unsubscribe') },
  /** The signed-in fan's account: download my data, delete my account, the age question (issue 23). */
  account: { path: '/account', getHref: () => '/account' },
  /** The platform operators' console (group operator). */
  operator: { path: '/operator', getHref: () => '/operator' },
  collectiveAthlete: {
    path: '/collective/athlete/:athleteId',
    getHref: (athleteId: number | string) => `/collective/athlete/${enc(String(athleteId))}`,
  },
  athlete: { path: '/athlete/:id', getHref: (id: number | string) => `/athlete/${enc(String(id))}` },
  card: {
    path: '/athlete/:athleteId/card/:cardId',
    getHref: (athleteId: number | string, cardId: number | string) => `/athlete/${enc(String(athleteId))}/card/${enc(String(cardId))}`,
  },
  athleteMedia: { path: '/athlete-media/:id', getHref: (id: number | string) => `/athlete-media/${enc(String(id))}` },
  school: { path: '/school/:id', getHref: (id: number | string) => `/school/${enc(String(id))}` },
  /** A collective's public support page: gifts and monthly memberships (Stripe Checkout). */
  support: { path: '/support/:id', getHref: (collectiveId: number | string) => `/support/${enc(String(collectiveId))}` },
  sport: {
    path: '/school/:schoolId/sport/:sport',
    getHref: (schoolId: number | string, sport: string) => `/school/${enc(String(schoolId))}/sport/${enc(sport)}`,
  },
} as const;

/** True when a pathname belongs to the demo area (links then stay inside /demo where a demo twin exists). */
export function isDemoPath(pathname: string): boolean {
  return pathname === '/demo' || pathname.startsWith('/demo/');
}
