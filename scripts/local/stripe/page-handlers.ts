// The hosted pages' requests (onboarding, Checkout, the customer portal): show the form (GET),
// check a submission field by field (POST) and either show the form again with each problem named,
// or do what Stripe would and redirect.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CardDetails, dollars } from './payments';
import { completeSession, openSession } from './checkout';
import type { Ctx } from './context';
import { readBody } from './form';
import { completeOnboarding, onboardingSession, openOnboarding } from './onboarding';
import { type Errors, type Values, checkoutPage, messagePage, onboardingPage, portalPage } from './pages';
import { changePlan, customerSubscriptions, describeSubscription, openPortal, planChoices, replaceCard, setCancelAtPeriodEnd } from './portal';
import { NON_TEST_CARD, TEST_BANK_ACCOUNTS, TEST_CARDS, TEST_ROUTING_NUMBER, luhn } from './test-values';

function html(res: ServerResponse, status: number, body: string): true {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
  return true;
}

function redirect(res: ServerResponse, status: 302 | 303, location: string): true {
  res.writeHead(status, { location, 'cache-control': 'no-store' });
  res.end();
  return true;
}

async function formOf(req: IncomingMessage): Promise<Values> {
  const values: Values = {};
  for (const [key, value] of new URLSearchParams(await readBody(req))) values[key] = value.trim();
  return values;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function onboardingErrors(values: Values): Errors {
  const errors: Errors = {};
  if (!['individual', 'company'].includes(values.business_type ?? '')) errors.business_type = 'Type of business: choose individual or company.';
  if (!values.legal_name) errors.legal_name = 'Legal name is required.';
  else if (values.legal_name.length > 100) errors.legal_name = 'Legal name must be at most 100 characters.';
  if (!EMAIL.test(values.email ?? '')) errors.email = 'Email address is not valid.';
  if (!values.product_description) errors.product_description = 'Product description is required: say in a few words what you do.';
  const routing = (values.routing_number ?? '').replace(/\s/g, '');
  if (!/^\d{9}$/.test(routing)) errors.routing_number = 'Routing number must be 9 digits.';
  else if (routing !== TEST_ROUTING_NUMBER) errors.routing_number = `Routing number: test mode accepts only the test routing number ${TEST_ROUTING_NUMBER}.`;
  const account = (values.account_number ?? '').replace(/\s/g, '');
  if (!/^\d{4,17}$/.test(account)) errors.account_number = 'Account number must be 4 to 17 digits.';
  else if (!TEST_BANK_ACCOUNTS[account]) errors.account_number = 'Account number: test mode accepts only the test account numbers listed on this page.';
  if ((values.account_number_confirm ?? '').replace(/\s/g, '') !== account || !account)
    errors.account_number_confirm = 'Confirm account number: it does not match the account number.';
  if (values.w9_certified !== 'yes') errors.w9_certified = 'Certify the W-9 information to continue.';
  return errors;
}

export async function handleOnboardingPage(ctx: Ctx, req: IncomingMessage, res: ServerResponse, token: string, action: string): Promise<boolean> {
  const basePath = ctx.settings.basePath;
  const invalid = () => html(res, 404, messagePage(basePath, 'This link is not valid', 'Ask the site that sent you here for a new onboarding link.'));
  if (req.method === 'GET') {
    const opened = openOnboarding(ctx, token);
    if (!opened) return invalid();
    if ('redirect' in opened) return redirect(res, 302, opened.redirect);
    const values = { business_type: String(opened.account.business_type ?? 'individual'), email: String(opened.account.email ?? '') };
    return html(res, 200, onboardingPage({ basePath, action, account: opened.account, nonce: opened.nonce, values, errors: {} }));
  }
  if (req.method !== 'POST') return html(res, 405, messagePage(basePath, 'Method not allowed', 'This page takes GET and POST.'));
  const values = await formOf(req);
  const session = onboardingSession(ctx, token, values.session ?? '');
  if (!session) return invalid();
  if ('redirect' in session) return redirect(res, 303, session.redirect);
  const errors = onboardingErrors(values);
  if (Object.keys(errors).length) return html(res, 400, onboardingPage({ basePath, action, account: session.account, nonce: values.session, values, errors }));
  const returnUrl = completeOnboarding(ctx, token, {
    businessType: values.business_type as 'individual' | 'company',
    legalName: values.legal_name,
    email: values.email,
    productDescription: values.product_description,
    routingNumber: values.routing_number.replace(/\s/g, ''),
    accountNumber: values.account_number.replace(/\s/g, ''),
  });
  return redirect(res, 303, returnUrl);
}

/** The card fields as Stripe's payment form checks them; the card when they are all right. */
function checkCard(values: Values, now: Date): { errors: Errors; card?: CardDetails & { number: string } } {
  const errors: Errors = {};
  if (!values.email) errors.email = 'Email: your email is incomplete.';
  else if (!EMAIL.test(values.email)) errors.email = 'Email: your email address is invalid.';
  const number = (values.card_number ?? '').replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 12) errors.card_number = 'Card number: your card number is incomplete.';
  else if (!luhn(number)) errors.card_number = 'Card number: your card number is invalid.';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.card_expiry ?? '');
  const month = Number(expiry?.[1]);
  const year = expiry ? Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (!expiry) errors.card_expiry = 'Expiration date: your card’s expiration date is incomplete.';
  else if (month < 1 || month > 12) errors.card_expiry = 'Expiration date: your card’s expiration month is invalid.';
  else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    errors.card_expiry = 'Expiration date: your card’s expiration date is in the past.';
  if (!/^\d{3,4}$/.test(values.card_cvc ?? '')) errors.card_cvc = 'Security code: your card’s security code is incomplete.';
  if (!values.card_name) errors.card_name = 'Name on card is required.';
  if (Object.keys(errors).length) return { errors };
  const brand = (TEST_CARDS[number] ?? NON_TEST_CARD).brand;
  return { errors, card: { number, brand, last4: number.slice(-4), expMonth: month, expYear: year, name: values.card_name, email: values.email } };
}

export async function handleCheckoutPage(ctx: Ctx, req: IncomingMessage, res: ServerResponse, sessionId: string, action: string): Promise<boolean> {
  const basePath = ctx.settings.basePath;
  const opened = openSession(ctx, sessionId);
  if (!opened) return html(res, 404, messagePage(basePath, 'No such Checkout Session', 'This payment page does not exist.'));
  const { session, lines, owner } = opened;
  if (session.status === 'complete')
    return html(
      res,
      200,
      messagePage(basePath, 'Payment complete', 'This Checkout Session is already paid.', {
        href: String(session.success_url).replace(/\{CHECKOUT_SESSION_ID\}/g, sessionId),
        label: 'Continue',
      }),
    );
  if (session.status === 'expired') {
    const back = session.cancel_url ? { href: String(session.cancel_url), label: 'Go back' } : undefined;
    return html(res, 410, messagePage(basePath, 'This page has expired', 'This Checkout Session is no longer active. Start again from the site.', back));
  }
  const merchant = owner
    ? String(
        (ctx.store.get(owner)?.value.business_profile as { name?: string } | undefined)?.name ??
          (ctx.store.get(owner)?.value.settings as { dashboard?: { display_name?: string } })?.dashboard?.display_name ??
          owner,
      )
    : 'Drift';
  // The product's description is shown under its name, as on Stripe's page.
  const shown = lines.map((line) => ({
    ...line,
    _productDescription: ctx.store.get(String((line.price as { product: string }).product))?.value.description ?? null,
  }));
  const page = (status: number, values: Values, errors: Errors, declined?: string) =>
    html(res, status, checkoutPage({ basePath, action, session, lines: shown, merchant, values, errors, declined }));
  if (req.method === 'GET') return page(200, { email: String(session.customer_email ?? '') }, {});
  if (req.method !== 'POST') return html(res, 405, messagePage(basePath, 'Method not allowed', 'This page takes GET and POST.'));
  const values = await formOf(req);
  if (session.customer_email) values.email = String(session.customer_email);
  const { errors, card } = checkCard(values, new Date(ctx.store.seconds() * 1000));
  // A field to correct keeps what was typed (the security code excepted).
  if (!card) return page(400, { ...values, card_cvc: '' }, errors);
  const outcome = TEST_CARDS[card.number] ?? NON_TEST_CARD;
  // A decline records nothing: the session stays open, the card fields empty for another card.
  if (outcome.decline) return page(402, { email: values.email ?? '', card_name: values.card_name ?? '' }, {}, outcome.decline.message);
  return redirect(res, 303, completeSession(ctx, sessionId, card));
}

const PORTAL_NOTICES: Record<string, string> = {
  plan: 'Your plan is updated: your next payment is at the new price.',
  cancel: 'Your subscription is cancelled: it ends at the end of the period you paid for.',
  renew: 'Your subscription is renewed.',
  card: 'Your card is updated: your next payments use it.',
};

/** The customer portal's page: GET shows it; POST cancels or renews a subscription, or replaces the card, then shows it again (303). */
export async function handlePortalPage(
  ctx: Ctx,
  req: IncomingMessage,
  res: ServerResponse,
  sessionId: string,
  action: string,
  done: string | null,
): Promise<boolean> {
  const basePath = ctx.settings.basePath;
  const opened = openPortal(ctx, sessionId);
  if (!opened) return html(res, 404, messagePage(basePath, 'This link has expired', 'Go back to the site you came from and open the customer portal again.'));
  const { owner, session, customer } = opened;
  const account = owner ? ctx.store.get(owner)?.value : undefined;
  const merchant = String((account?.business_profile as { name?: string } | undefined)?.name ?? owner ?? 'Drift');
  const page = (status: number, values: Values, errors: Errors, notice: string | null) =>
    html(
      res,
      status,
      portalPage({
        basePath,
        action,
        merchant,
        returnUrl: (session.return_url as string | null) ?? null,
        subscriptions: customerSubscriptions(ctx, owner, String(customer.id)).map((sub) => {
          const view = describeSubscription(ctx, sub);
          return {
            id: String(sub.id),
            name: view.name,
            price: view.price,
            periodEnd: new Date(view.periodEnd * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
            cancelAtPeriodEnd: sub.cancel_at_period_end === true,
            card: view.card,
            plans: planChoices(ctx, session, sub).map((price) => ({
              id: String(price.id),
              label: `${String(price.nickname ?? ctx.store.get(String(price.product))?.value.name ?? 'Plan')} · ${dollars(price.unit_amount as number)} per ${(price.recurring as { interval: string }).interval}`,
            })),
          };
        }),
        notice,
        values,
        errors,
      }),
    );
  /** A live subscription of this portal's customer on this account, or undefined. */
  const ownSubscription = (id: string | undefined) => {
    const entry = ctx.store.get(id ?? '');
    const subscription = entry?.value;
    const own =
      subscription?.object === 'subscription' && entry!.owner === owner && subscription.customer === customer.id && subscription.status !== 'canceled';
    return own ? subscription : undefined;
  };
  if (req.method === 'GET') return page(200, {}, {}, (done && PORTAL_NOTICES[done]) || null);
  if (req.method !== 'POST') return html(res, 405, messagePage(basePath, 'Method not allowed', 'This page takes GET and POST.'));
  const values = await formOf(req);
  if (values.action === 'cancel' || values.action === 'renew') {
    const subscription = ownSubscription(values.subscription);
    if (!subscription) return page(404, {}, {}, 'That subscription is not one of yours, or it has ended.');
    setCancelAtPeriodEnd(ctx, owner, subscription, values.action === 'cancel');
    return redirect(res, 303, `${action}?done=${values.action}`);
  }
  if (values.action === 'plan') {
    const subscription = ownSubscription(values.subscription);
    if (!subscription) return page(404, {}, {}, 'That subscription is not one of yours, or it has ended.');
    const price = planChoices(ctx, session, subscription).find((p) => p.id === values.price);
    if (!price) return page(400, {}, {}, 'Choose one of the plans offered.');
    changePlan(ctx, owner, subscription, price);
    return redirect(res, 303, `${action}?done=plan`);
  }
  if (values.action === 'card') {
    const { errors, card } = checkCard({ ...values, email: String(customer.email ?? 'customer@example.com') }, new Date(ctx.store.seconds() * 1000));
    if (!card) return page(400, { ...values, card_cvc: '' }, errors, null);
    const outcome = TEST_CARDS[card.number] ?? NON_TEST_CARD;
    if (outcome.decline) return page(402, { card_name: values.card_name ?? '' }, { card_number: `Card number: ${outcome.decline.message}` }, null);
    replaceCard(ctx, owner, customer, card);
    return redirect(res, 303, `${action}?done=card`);
  }
  return page(400, {}, {}, 'Choose what to change.');
}
