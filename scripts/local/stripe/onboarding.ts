// Connect onboarding in the stand-in: account links (single-use, expiring after 5 minutes) to the
// hosted onboarding page, and what that page's submission does to the account, as Stripe's hosted
// onboarding would: details submitted, requested capabilities active, requirements cleared, the
// bank account attached, account.updated.
import { type Call, type Ctx, type Route, pageUrl } from './context';
import { requirements } from './connect';
import { NO_REQUEST } from './events';
import { fail } from './form';
import type { StripeObj } from './store';

const LINK_TTL_SECONDS = 300;
/** How long an opened onboarding page accepts its form. */
const ONBOARDING_SESSION_MS = 3600_000;

function createAccountLink({ ctx, params, owner }: Call) {
  if (owner) throw fail.request('Account links are created by the platform: leave out the Stripe-Account header.');
  const accountId = params.str('account', { required: true })!;
  const type = params.str('type', { required: true, oneOf: ['account_onboarding', 'account_update'] });
  if (type === 'account_update') throw fail.invalid('type', 'Account links of type account_update cannot be created for Express accounts.');
  const refreshUrl = params.url('refresh_url', true)!;
  const returnUrl = params.url('return_url', true)!;
  params.str('collect', { oneOf: ['currently_due', 'eventually_due'] });
  params.obj('collection_options');
  params.done();
  const account = ctx.store.get(accountId);
  if (!account || account.value.object !== 'account') throw fail.notFound('account', accountId, 'account');
  const created = ctx.store.seconds();
  const token = ctx.store.newId('', 32);
  ctx.store.links[token] = { account: accountId, refreshUrl, returnUrl, expiresAt: created + LINK_TTL_SECONDS };
  ctx.store.changed();
  return { object: 'account_link', created, expires_at: created + LINK_TTL_SECONDS, url: pageUrl(ctx.settings, `/onboarding/${token}`) };
}

export type Opened = { redirect: string } | { account: StripeObj; nonce: string };

/** A visit to an account link: the first one opens the form; a spent or expired link goes to refresh_url. */
export function openOnboarding(ctx: Ctx, token: string): Opened | undefined {
  const link = ctx.store.links[token];
  if (!link) return undefined;
  if (link.openedAt !== undefined || ctx.store.seconds() > link.expiresAt) return { redirect: link.refreshUrl };
  link.openedAt = Date.now();
  link.nonce = ctx.store.newId('', 24);
  ctx.store.changed();
  return { account: ctx.store.find(link.account, 'account', null), nonce: link.nonce };
}

export interface OnboardingInput {
  businessType: 'individual' | 'company';
  legalName: string;
  email: string;
  productDescription: string;
  routingNumber: string;
  accountNumber: string;
}

/** The form's session, or where to send a submission that has none (spent, completed or too old). */
export function onboardingSession(ctx: Ctx, token: string, nonce: string): { account: StripeObj } | { redirect: string } | undefined {
  const link = ctx.store.links[token];
  if (!link) return undefined;
  const valid = link.nonce && link.nonce === nonce && link.completedAt === undefined && Date.now() - (link.openedAt ?? 0) < ONBOARDING_SESSION_MS;
  return valid ? { account: ctx.store.find(link.account, 'account', null) } : { redirect: link.refreshUrl };
}

/** A completed onboarding: details submitted, capabilities active, requirements cleared, the bank account attached. */
export function completeOnboarding(ctx: Ctx, token: string, input: OnboardingInput): string {
  const { store, events } = ctx;
  const link = store.links[token];
  const account = store.find(link.account, 'account', null);
  const capabilities = account.capabilities as Record<string, string>;
  const previous = {
    business_profile: account.business_profile,
    capabilities: { ...capabilities },
    charges_enabled: account.charges_enabled,
    details_submitted: account.details_submitted,
    payouts_enabled: account.payouts_enabled,
    requirements: account.requirements,
  };
  const bank: StripeObj = {
    id: store.newId('ba_'),
    object: 'bank_account',
    account: account.id,
    account_holder_name: input.legalName,
    account_holder_type: input.businessType,
    account_type: null,
    available_payout_methods: ['standard'],
    bank_name: 'STRIPE TEST BANK',
    country: 'US',
    created: store.seconds(),
    currency: 'usd',
    default_for_currency: true,
    fingerprint: store.newId('', 16),
    last4: input.accountNumber.slice(-4),
    metadata: {},
    routing_number: input.routingNumber,
    status: 'new',
    _account_number: input.accountNumber,
  };
  store.put(account.id, bank);
  for (const name of Object.keys(capabilities)) capabilities[name] = 'active';
  Object.assign(account, {
    business_type: input.businessType,
    business_profile: { ...(account.business_profile as object), name: input.legalName, product_description: input.productDescription },
    charges_enabled: capabilities.card_payments === 'active',
    details_submitted: true,
    email: account.email ?? input.email,
    payouts_enabled: true,
    requirements: requirements([]),
    tos_acceptance: { ...(account.tos_acceptance as object), date: store.seconds(), ip: '127.0.0.1', user_agent: 'local-stripe' },
  });
  (account._lists as Record<string, { ids: string[] }>).external_accounts.ids = [bank.id];
  store.put(null, account);
  link.completedAt = Date.now();
  events.emit('account.external_account.created', bank, account.id, NO_REQUEST);
  events.emit('account.updated', account, account.id, NO_REQUEST, previous);
  return link.returnUrl;
}

export const onboardingRoutes: Route[] = [['POST', /^\/v1\/account_links$/, createAccountLink]];
