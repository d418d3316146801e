// Every HTTP route and the function that serves it. The CDK api construct and the local server
// both read this table, so a route exists in AWS exactly when it exists locally.
import { ACCEPT_PARTITIONS, CATALOG_PARTITIONS, EVENT_PARTITIONS, INGESTION_PARTITIONS } from '#lambdas/platform/key-access';
import { partitionPatterns as p } from '#lambdas/platform/keys';

export type FunctionName =
  | 'catalog'
  | 'athletes'
  | 'posts'
  | 'collectives'
  | 'waitlist'
  | 'me'
  | 'webhook'
  | 'checkout'
  | 'admin'
  | 'unattributed'
  | 'payouts'
  | 'search'
  | 'cards'
  | 'onboarding'
  | 'operator'
  | 'support'
  // ---- the Stripe payout rail (issue 22; docs/decisions/0011) ----
  | 'payments'
  | 'stripe-webhook'
  // ---- a fan's own account (issue 23) ----
  | 'account'
  // ---- notifications and the audit log (issue 26, issue 23 item 7; docs/decisions/0025) ----
  | 'notifications'
  // ---- compliance (issue 23): NIL Go records, a collective's compliance settings, tax exports ----
  | 'compliance'
  // ---- collector profiles, leaderboards, follows and the feed (issue 26) ----
  | 'community';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** API Gateway path template, e.g. /api/athletes/{id}/orders */
  path: string;
  fn: FunctionName;
  /** Who may call it; 'public' routes never return a buyer's email. Every other route sits
   * behind the JWT authorizer (Cognito) and its handler checks ownership. */
  access: 'public' | 'buyer' | 'athlete' | 'collective' | 'operator' | 'webhook';
  /** Local mode only (stands in for the Shopify storefront); never deployed. */
  localOnly?: boolean;
}

export const ROUTES: RouteDef[] = [
  // The catalog by entity: every answer bounded whatever the catalog holds (GET /api/catalog only
  // for small catalogs and tools: 413 beyond 100 athletes).
  { method: 'GET', path: '/api/catalog', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/featured', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/storefront', fn: 'catalog', access: 'public' }, // the front door: new and live cards, almost sold out, featured
  { method: 'GET', path: '/api/athletes', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/athletes/{id}', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/athletes/{id}/related', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/schools/{id}', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/schools/{id}/merch', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/schools/{id}/sports/{sport}/athletes', fn: 'catalog', access: 'public' },
  { method: 'GET', path: '/api/search', fn: 'search', access: 'public' },
  { method: 'GET', path: '/api/athletes/{id}/orders', fn: 'athletes', access: 'athlete' },
  { method: 'GET', path: '/api/athletes/{id}/stats', fn: 'athletes', access: 'public' },
  { method: 'GET', path: '/api/athletes/{id}/cards/{cardId}/sales', fn: 'athletes', access: 'public' }, // a card's latest sales: serials and pseudonyms
  { method: 'GET', path: '/api/athletes/{id}/donations', fn: 'athletes', access: 'athlete' },
  { method: 'GET', path: '/api/athletes/{id}/daily', fn: 'athletes', access: 'athlete' },
  { method: 'GET', path: '/api/athletes/{id}/posts', fn: 'posts', access: 'public' },
  { method: 'POST', path: '/api/athletes/{id}/posts', fn: 'posts', access: 'athlete' },
  { method: 'PUT', path: '/api/athletes/{id}/posts/{postId}', fn: 'posts', access: 'athlete' },
  { method: 'DELETE', path: '/api/athletes/{id}/posts/{postId}', fn: 'posts', access: 'athlete' },
  { method: 'GET', path: '/api/collectives/{id}/stats', fn: 'collectives', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/transactions', fn: 'collectives', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/daily', fn: 'collectives', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}', fn: 'collectives', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/members', fn: 'collectives', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/unattributed/assign', fn: 'unattributed', access: 'collective' },
  // The platform operators' console: sales that named no school (the platform inbox), sent to a
  // collective's school, whose collective then assigns them to a card.
  { method: 'GET', path: '/api/operator/unattributed', fn: 'operator', access: 'operator' },
  { method: 'POST', path: '/api/operator/unattributed/route', fn: 'operator', access: 'operator' },
  { method: 'GET', path: '/api/operator/collectives', fn: 'operator', access: 'operator' },
  // Shopify's privacy requests (recorded by the webhook): the queue and a data request's export.
  { method: 'GET', path: '/api/operator/privacy', fn: 'operator', access: 'operator' },
  { method: 'GET', path: '/api/operator/privacy/{requestId}/export', fn: 'operator', access: 'operator' },
  // Collective applications: listed by state, approved (the collective, exactly once) or declined with a reason.
  { method: 'GET', path: '/api/operator/applications', fn: 'operator', access: 'operator' },
  { method: 'POST', path: '/api/operator/applications/{applicationId}/approve', fn: 'operator', access: 'operator' },
  { method: 'POST', path: '/api/operator/applications/{applicationId}/decline', fn: 'operator', access: 'operator' },
  // Money reaching athletes: payout batches, statements, tax status, NIL disclosure, activations.
  { method: 'GET', path: '/api/collectives/{id}/payouts', fn: 'payouts', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/payouts/preview', fn: 'payouts', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/payouts/batches', fn: 'payouts', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/payouts/batches/{batchId}', fn: 'payouts', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/payouts/batches/{batchId}/csv', fn: 'payouts', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}', fn: 'payouts', access: 'collective' },
  { method: 'PUT', path: '/api/collectives/{id}/athletes/{athleteId}/tax/{year}', fn: 'payouts', access: 'collective' },
  // Refused (410): a payment with no deliverable; activations replace it (docs/decisions/0027).
  { method: 'POST', path: '/api/collectives/{id}/donations/{donationId}/allocations', fn: 'payouts', access: 'collective' },
  // Activations: the collective records and cancels a paid deliverable of its athlete; the athlete confirms or declines it.
  { method: 'GET', path: '/api/collectives/{id}/activations', fn: 'payouts', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/activations', fn: 'payouts', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/activations/{activationId}/cancel', fn: 'payouts', access: 'collective' },
  { method: 'GET', path: '/api/athletes/{id}/activations', fn: 'payouts', access: 'athlete' },
  { method: 'POST', path: '/api/athletes/{id}/activations/{activationId}/confirm', fn: 'payouts', access: 'athlete' },
  { method: 'POST', path: '/api/athletes/{id}/activations/{activationId}/decline', fn: 'payouts', access: 'athlete' },
  { method: 'GET', path: '/api/athletes/{id}/payouts', fn: 'payouts', access: 'athlete' },
  { method: 'GET', path: '/api/athletes/{id}/statement', fn: 'payouts', access: 'athlete' },
  { method: 'GET', path: '/api/athletes/{id}/disclosure', fn: 'compliance', access: 'athlete' },
  { method: 'POST', path: '/api/athletes/{id}/disclosure/{year}/reported', fn: 'compliance', access: 'athlete' },
  // Compliance (issue 23): NIL Go records (reported by the athlete or its collective), a collective's settings.
  { method: 'GET', path: '/api/athletes/{id}/nil-go', fn: 'compliance', access: 'athlete' },
  { method: 'POST', path: '/api/athletes/{id}/nil-go/{recordId}/reported', fn: 'compliance', access: 'athlete' },
  { method: 'GET', path: '/api/collectives/{id}/compliance', fn: 'compliance', access: 'collective' },
  { method: 'PUT', path: '/api/collectives/{id}/compliance', fn: 'compliance', access: 'collective' },
  // Tax forms by payment type: a collective's year-end export (CSV), an athlete's own copy.
  { method: 'GET', path: '/api/collectives/{id}/tax/{year}/export', fn: 'compliance', access: 'collective' },
  { method: 'GET', path: '/api/athletes/{id}/tax/{year}', fn: 'compliance', access: 'athlete' },
  // The card lifecycle: the collective's card and set management, the athlete's approvals.
  { method: 'GET', path: '/api/collectives/{id}/athletes/{athleteId}/cards', fn: 'cards', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/athletes/{athleteId}/cards', fn: 'cards', access: 'collective' },
  { method: 'PUT', path: '/api/collectives/{id}/athletes/{athleteId}/cards/{cardId}', fn: 'cards', access: 'collective' },
  { method: 'DELETE', path: '/api/collectives/{id}/athletes/{athleteId}/cards/{cardId}', fn: 'cards', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/submit', fn: 'cards', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/publish', fn: 'cards', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/retire', fn: 'cards', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/athletes/{athleteId}/cards/{cardId}/drop', fn: 'cards', access: 'collective' }, // schedule a moment drop (decision 0022)
  { method: 'POST', path: '/api/collectives/{id}/athletes/{athleteId}/sets', fn: 'cards', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/athletes/{athleteId}/sets/{setId}/close', fn: 'cards', access: 'collective' },
  { method: 'GET', path: '/api/athletes/{id}/cards', fn: 'cards', access: 'athlete' },
  { method: 'POST', path: '/api/athletes/{id}/cards/{cardId}/approve', fn: 'cards', access: 'athlete' },
  { method: 'POST', path: '/api/athletes/{id}/cards/{cardId}/reject', fn: 'cards', access: 'athlete' },
  // Onboarding: invites (collective -> athlete) and profile requests (/create-profile -> collective).
  { method: 'GET', path: '/api/collectives/{id}/invites', fn: 'onboarding', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/invites', fn: 'onboarding', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/invites/{inviteId}/revoke', fn: 'onboarding', access: 'collective' },
  { method: 'GET', path: '/api/invites/{code}', fn: 'onboarding', access: 'buyer' },
  { method: 'POST', path: '/api/invites/{code}/claim', fn: 'onboarding', access: 'buyer' },
  { method: 'GET', path: '/api/profile-requests/schools', fn: 'onboarding', access: 'public' },
  { method: 'GET', path: '/api/profile-requests/mine', fn: 'onboarding', access: 'buyer' },
  { method: 'POST', path: '/api/profile-requests', fn: 'onboarding', access: 'buyer' },
  { method: 'GET', path: '/api/collectives/{id}/profile-requests', fn: 'onboarding', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/profile-requests/{requestId}/accept', fn: 'onboarding', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/profile-requests/{requestId}/decline', fn: 'onboarding', access: 'collective' },
  // Collective sign-up (/collectives/join): the schools an application can name, the account's
  // application and its submission; a new collective's checklist.
  { method: 'GET', path: '/api/collective-applications/schools', fn: 'onboarding', access: 'buyer' },
  { method: 'GET', path: '/api/collective-applications/mine', fn: 'onboarding', access: 'buyer' },
  { method: 'POST', path: '/api/collective-applications', fn: 'onboarding', access: 'buyer' },
  { method: 'GET', path: '/api/collectives/{id}/checklist', fn: 'onboarding', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/checklist/dismiss', fn: 'onboarding', access: 'collective' },
  { method: 'POST', path: '/api/waitlist', fn: 'waitlist', access: 'public' },
  { method: 'GET', path: '/api/me/orders', fn: 'me', access: 'buyer' },
  // A fan's own account (issue 23): the settings page, the age question of a Google account.
  { method: 'GET', path: '/api/me/account', fn: 'account', access: 'buyer' },
  { method: 'PUT', path: '/api/me/age', fn: 'account', access: 'buyer' },
  // "Download my data" and "delete my account" (a code emailed, then confirmed).
  { method: 'GET', path: '/api/me/data', fn: 'account', access: 'buyer' },
  { method: 'POST', path: '/api/me/deletion', fn: 'account', access: 'buyer' },
  { method: 'POST', path: '/api/me/deletion/confirm', fn: 'account', access: 'buyer' },
  { method: 'GET', path: '/api/me/collection', fn: 'me', access: 'buyer' },
  { method: 'GET', path: '/api/me/orders/{orderId}', fn: 'me', access: 'buyer' }, // an order's serials once counted (the card page's success screen)
  // The public demo tenant: read-only views of the demo athlete, the demo collective (and its
  // members) and the demo buyer, so the demo works without an account. Writes always need sign-in.
  { method: 'GET', path: '/api/demo/athletes/{id}/orders', fn: 'athletes', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/donations', fn: 'athletes', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/stats', fn: 'collectives', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/transactions', fn: 'collectives', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/daily', fn: 'athletes', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/daily', fn: 'collectives', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}', fn: 'collectives', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/members', fn: 'collectives', access: 'public' },
  { method: 'GET', path: '/api/demo/me/orders', fn: 'me', access: 'public' },
  { method: 'GET', path: '/api/demo/me/collection', fn: 'me', access: 'public' },
  { method: 'GET', path: '/api/demo/me/orders/{orderId}', fn: 'me', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/athletes/{athleteId}/cards', fn: 'cards', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/cards', fn: 'cards', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/payouts', fn: 'payouts', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/payouts/preview', fn: 'payouts', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/payouts', fn: 'payouts', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/statement', fn: 'payouts', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/disclosure', fn: 'compliance', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/nil-go', fn: 'compliance', access: 'public' },
  { method: 'GET', path: '/api/demo/collectives/{id}/compliance', fn: 'compliance', access: 'public' },
  { method: 'GET', path: '/api/demo/athletes/{id}/tax/{year}', fn: 'compliance', access: 'public' },
  // Donations: a collective's public support page and its Checkout (a direct charge on the
  // collective's Stripe account), the thank-you read, and the collective's own settings.
  { method: 'GET', path: '/api/support/{id}', fn: 'support', access: 'public' },
  { method: 'POST', path: '/api/support/{id}/checkout', fn: 'support', access: 'public' },
  { method: 'GET', path: '/api/support/{id}/checkouts/{sessionId}', fn: 'support', access: 'public' },
  // A receipt's signed "Manage membership" link: opens Stripe's customer portal (303).
  { method: 'GET', path: '/api/support/{id}/manage', fn: 'support', access: 'public' },
  { method: 'GET', path: '/api/collectives/{id}/support', fn: 'support', access: 'collective' },
  { method: 'PUT', path: '/api/collectives/{id}/support', fn: 'support', access: 'collective' },
  { method: 'POST', path: '/api/webhooks/shopify', fn: 'webhook', access: 'webhook' },
  // ---- the Stripe payout rail (issue 22; docs/decisions/0011): linking Stripe Connect accounts,
  // Pay now and Retry, and Stripe's signed events (platform's and connected accounts').
  { method: 'POST', path: '/api/collectives/{id}/stripe/onboarding', fn: 'payments', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/stripe/account', fn: 'payments', access: 'collective' },
  { method: 'POST', path: '/api/athletes/{id}/stripe/onboarding', fn: 'payments', access: 'athlete' },
  { method: 'GET', path: '/api/athletes/{id}/stripe/account', fn: 'payments', access: 'athlete' },
  { method: 'POST', path: '/api/collectives/{id}/payouts/batches/{batchId}/pay', fn: 'payments', access: 'collective' },
  { method: 'POST', path: '/api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}/retry', fn: 'payments', access: 'collective' },
  { method: 'POST', path: '/api/webhooks/stripe', fn: 'stripe-webhook', access: 'webhook' },
  // ---- end of the Stripe payout rail's routes ----
  // ---- notifications and the audit log (issue 26, issue 23 item 7): the signed-in account's notices
  // (the bell) and settings, one-click unsubscribe (a signed link), a collective's audit log.
  { method: 'GET', path: '/api/me/notifications', fn: 'notifications', access: 'buyer' },
  { method: 'POST', path: '/api/me/notifications/seen', fn: 'notifications', access: 'buyer' },
  { method: 'GET', path: '/api/me/notification-preferences', fn: 'notifications', access: 'buyer' },
  { method: 'PUT', path: '/api/me/notification-preferences', fn: 'notifications', access: 'buyer' },
  { method: 'POST', path: '/api/notifications/unsubscribe', fn: 'notifications', access: 'public' },
  { method: 'GET', path: '/api/collectives/{id}/audit', fn: 'notifications', access: 'collective' },
  { method: 'GET', path: '/api/collectives/{id}/audit/csv', fn: 'notifications', access: 'collective' },
  // ---- end of the notifications routes ----
  // ---- the community (issue 26 items 1 to 3): a fan's display name and public collector profile,
  // leaderboards (athlete, set, school; only opted-in profiles named), follows and the feed.
  { method: 'GET', path: '/api/me/profile', fn: 'community', access: 'buyer' },
  { method: 'PUT', path: '/api/me/profile', fn: 'community', access: 'buyer' },
  { method: 'GET', path: '/api/collectors/{name}', fn: 'community', access: 'public' },
  { method: 'GET', path: '/api/athletes/{id}/leaderboard', fn: 'community', access: 'public' },
  { method: 'GET', path: '/api/schools/{id}/leaderboard', fn: 'community', access: 'public' },
  { method: 'GET', path: '/api/me/follows', fn: 'community', access: 'buyer' },
  { method: 'PUT', path: '/api/me/follows/{kind}/{id}', fn: 'community', access: 'buyer' },
  { method: 'DELETE', path: '/api/me/follows/{kind}/{id}', fn: 'community', access: 'buyer' },
  { method: 'GET', path: '/api/me/feed', fn: 'community', access: 'buyer' },
  // ---- end of the community routes ----
  { method: 'POST', path: '/api/checkout', fn: 'checkout', access: 'public', localOnly: true },
  { method: 'POST', path: '/api/collectives/{id}/athletes', fn: 'admin', access: 'collective' },
  { method: 'PUT', path: '/api/collectives/{id}/athletes/{athleteId}', fn: 'admin', access: 'collective' },
  { method: 'DELETE', path: '/api/collectives/{id}/athletes/{athleteId}', fn: 'admin', access: 'collective' },
  { method: 'PUT', path: '/api/schools/{id}/colors', fn: 'admin', access: 'collective' },
  { method: 'PUT', path: '/api/schools/{id}/state', fn: 'admin', access: 'collective' },
  { method: 'POST', path: '/api/schools/{id}/merch', fn: 'admin', access: 'collective' },
  { method: 'PUT', path: '/api/schools/{id}/merch/{merchId}', fn: 'admin', access: 'collective' },
  { method: 'DELETE', path: '/api/schools/{id}/merch/{merchId}', fn: 'admin', access: 'collective' },
  { method: 'POST', path: '/api/uploads', fn: 'admin', access: 'buyer' },
  { method: 'PUT', path: '/api/uploads/local/{key}', fn: 'admin', access: 'public', localOnly: true },
  { method: 'GET', path: '/api/uploads/local/{key}', fn: 'admin', access: 'public', localOnly: true },
];

/** What each function needs from the table: readers get Query/GetItem only. */
export const FUNCTION_TABLE_ACCESS: Record<FunctionName, 'read' | 'write'> = {
  catalog: 'read',
  athletes: 'read',
  posts: 'write',
  collectives: 'read',
  waitlist: 'write',
  me: 'read',
  webhook: 'write',
  checkout: 'write',
  admin: 'write',
  unattributed: 'write',
  payouts: 'write',
  search: 'read',
  cards: 'write',
  onboarding: 'write',
  operator: 'write',
  support: 'write',
  payments: 'write',
  'stripe-webhook': 'write',
  account: 'write',
  notifications: 'write',
  compliance: 'write',
  community: 'write',
};

/** The partitions (PK patterns, IAM StringLike) each writer may write; readers write nothing.
 * The stack puts them in a dynamodb:LeadingKeys condition on the write actions
 * (lambdas/platform/key-access.ts explains the patterns; a test checks every key family is covered). */
export const FUNCTION_WRITE_PARTITIONS: Record<FunctionName, readonly string[]> = {
  catalog: [],
  athletes: [],
  posts: [p.athlete], // the athlete's posts and post counter
  collectives: [],
  waitlist: [p.waitlist],
  me: [],
  webhook: [...ACCEPT_PARTITIONS, p.privacy], // stage 1 only (the settle function applies the effects); Shopify's privacy requests
  checkout: INGESTION_PARTITIONS,
  admin: [...CATALOG_PARTITIONS, p.checklist, ...EVENT_PARTITIONS], // every catalog item: athletes, cards, schools, collectives, merch and their indexes; colours saved (a checklist step); membership changes' audit entries
  unattributed: INGESTION_PARTITIONS,
  payouts: [p.athlete, p.collective, ...EVENT_PARTITIONS], // ledger entries and totals, payouts, year status; batches and activations
  search: [],
  cards: [p.catalogAthlete, p.catalogProduct, p.catalogMembers, p.athlete, p.checklist, ...EVENT_PARTITIONS, p.drops, p.fanout], // cards, sets, product index, member entries; unlock times, Top Fans and drops' print runs on the athlete's total; a first card and publication (checklist steps); the audit entries and notices of card moves; the drop sweep's schedule
  onboarding: [...CATALOG_PARTITIONS, p.invite, p.profileRequest, p.account, p.application, p.applicant, p.checklist, ...EVENT_PARTITIONS], // invites, profile requests, account links; an accepted request creates the athlete; collective applications and the checklist's dismissal; the audit entries and notices of membership changes (an invite's email)
  operator: [
    ...INGESTION_PARTITIONS, // routing a line of the platform inbox is an ingestion event on its order
    p.privacy, // a privacy export is recorded on its request
    // Approving an application: the application and its account's pointer, a new school (its item and
    // the search snapshot's schools version), the school's claims, the collective, its account link
    // and checklist.
    p.application,
    p.applicant,
    p.catalogSchools,
    p.catalogSearch,
    p.schoolClaim,
    p.catalogCollectives,
    p.account,
    p.checklist,
  ],
  support: [p.collective, p.catalogSchool], // support settings, donations recorded on the donor's return, memberships; the school page's link
  // The Stripe rail: linked accounts (athlete's and collective's records, the account -> owner index),
  // payout lines, their athlete copies, ledger entries and totals, year totals; the webhook also its event records.
  payments: [p.athlete, p.collective, p.stripeAccount, ...EVENT_PARTITIONS],
  'stripe-webhook': [p.athlete, p.collective, p.stripeAccount, p.stripeEvent, ...EVENT_PARTITIONS],
  // A fan's own account: the age band a Google account answers, a pending deletion; deleting it records
  // the request for the operators, redacts its orders as customers/redact does (accepted like a
  // delivery: the settle function applies it) and removes its waiting-list entry.
  // Forgetting the person (lambdas/notifications/forget-person.ts) empties their notify partitions,
  // follows both ways, their display name's claim and a profile request nobody accepted.
  account: [p.person, p.privacy, ...ACCEPT_PARTITIONS, p.waitlist, p.notify, p.follows, p.followers, p.displayName, p.profileRequest],
  notifications: [p.notify, p.person], // the account's notices' state (seen), its address and preferences; an unsubscribe; the check that a fan was not forgotten (keys.personForgotten)
  // Compliance: an athlete's NIL Go reports (its partition), a collective's compliance settings (its records partition).
  compliance: [p.athlete, p.collective, ...EVENT_PARTITIONS], // NIL Go reports, settings; the daily NIL Go reminders' notices
  community: [p.person, p.displayName, p.follows, p.followers], // a fan's profile and its name's claim; follows both ways
};

/** The functions that call Stripe (their secret key and webhook signing secrets in one Secrets
 * Manager secret, STRIPE_SECRET_ARN; lambdas/platform/stripe-config.ts): the stack grants each of
 * them, and only them, read access to that secret. */
export const FUNCTION_SECRETS: Partial<Record<FunctionName, readonly 'stripe'[]>> = {
  payments: ['stripe'],
  'stripe-webhook': ['stripe'],
  support: ['stripe'], // the support page's Checkout Sessions on the collective's account
};

/** Readers that also read items by key in batches (BatchGetItem: still no Scan): the search function
 * reads every search block on a cold start and a page's profiles in one call each
 * (lambdas/catalog/search-index.ts). The render function reads through it and gets the same. */
export const FUNCTION_BATCH_READS: readonly FunctionName[] = ['search'];

/** Runtime settings that differ from the defaults (256 MB, no NODE_OPTIONS). The search function
 * (and the render function, which reads search pages through it) holds the catalog's search blocks
 * in memory (lambdas/catalog/search-index.ts: ~130 MB resident at 554,298 athletes) and reads and
 * decodes all of them on a cold start: Lambda's CPU grows with the memory setting, and 512 MB gives
 * the cold start the CPU it needs (docs/decisions/0023-search-blocks.md, docs/BENCHMARKS.md). */
export const FUNCTION_RUNTIME: Partial<Record<FunctionName, { memoryMb?: number; nodeOptions?: string }>> = {
  search: { memoryMb: 512 },
};

/** The domain folder of each function (lambdas/<domain>/<fn>.handler.ts, beside its repositories). */
export const FUNCTION_DOMAIN: Record<FunctionName, string> = {
  catalog: 'catalog',
  search: 'catalog',
  admin: 'catalog',
  cards: 'cards',
  payouts: 'money',
  webhook: 'orders',
  checkout: 'orders',
  unattributed: 'orders',
  athletes: 'sales',
  collectives: 'sales',
  me: 'sales',
  posts: 'sales',
  onboarding: 'onboarding',
  waitlist: 'onboarding',
  operator: 'operator',
  support: 'payments',
  payments: 'payments',
  'stripe-webhook': 'payments',
  account: 'sales',
  notifications: 'notifications',
  compliance: 'money',
  community: 'community',
};

/** Entry file of each function, relative to the repository root. */
export const functionEntry = (fn: FunctionName) => `lambdas/${FUNCTION_DOMAIN[fn]}/${fn}.handler.ts`;
