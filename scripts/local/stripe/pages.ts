// The stand-in's hosted pages, server-rendered: Connect onboarding and Checkout. No script and no
// inline style (local mode's Content-Security-Policy allows scripts and styles from the site only):
// one static stylesheet. Plain forms that work by keyboard, every input labelled, each error next
// to its field and listed at the top with a link to it, usable from 375 px wide up.
import { escapeHtml, standInPage } from '../stand-in-page';
import type { StripeObj } from './store';
import { TEST_BANK_ACCOUNTS, TEST_CARDS, TEST_ROUTING_NUMBER, spaced } from './test-values';

export const STYLESHEET = '/static/local-stripe.css';

export type Values = Record<string, string>;
export type Errors = Record<string, string>;

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const BANNER = { className: 'test-mode', text: 'Test mode: the local Stripe stand-in. No real money moves.' };
const layout = (basePath: string, title: string, body: string) => standInPage({ stylesheet: basePath + STYLESHEET, banner: BANNER, title, body });

/** Errors in field order, listed at the top with links to their fields. */
function summary(errors: Errors, order: string[]): string {
  const ids = order.filter((id) => errors[id]);
  if (!ids.length) return '';
  return `<div class="summary" role="alert"><h2>Check ${ids.length === 1 ? 'this field' : `these ${ids.length} fields`}</h2><ul>${ids
    .map((id) => `<li><a href="#${id}">${escapeHtml(errors[id])}</a></li>`)
    .join('')}</ul></div>`;
}

interface FieldSpec {
  id: string;
  label: string;
  type?: string;
  autocomplete?: string;
  inputmode?: string;
  hint?: string;
  placeholder?: string;
}

function field(spec: FieldSpec, values: Values, errors: Errors, firstError: string | undefined): string {
  const error = errors[spec.id];
  const described = [spec.hint ? `${spec.id}-hint` : '', error ? `${spec.id}-error` : ''].filter(Boolean).join(' ');
  const attributes = [
    `id="${spec.id}"`,
    `name="${spec.id}"`,
    `type="${spec.type ?? 'text'}"`,
    `value="${escapeHtml(values[spec.id])}"`,
    spec.autocomplete ? `autocomplete="${spec.autocomplete}"` : '',
    spec.inputmode ? `inputmode="${spec.inputmode}"` : '',
    spec.placeholder ? `placeholder="${escapeHtml(spec.placeholder)}"` : '',
    described ? `aria-describedby="${described}"` : '',
    error ? 'aria-invalid="true"' : '',
    firstError === spec.id ? 'autofocus' : '',
  ].filter(Boolean);
  return `<div class="field${error ? ' invalid' : ''}">
<label for="${spec.id}">${escapeHtml(spec.label)}</label>
${spec.hint ? `<p class="hint" id="${spec.id}-hint">${escapeHtml(spec.hint)}</p>` : ''}
<input ${attributes.join(' ')}>
${error ? `<p class="error" id="${spec.id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export const ONBOARDING_FIELDS = [
  'business_type',
  'legal_name',
  'email',
  'product_description',
  'routing_number',
  'account_number',
  'account_number_confirm',
  'w9_certified',
];

export function onboardingPage(input: { basePath: string; action: string; account: StripeObj; nonce: string; values: Values; errors: Errors }): string {
  const { values, errors } = input;
  const first = ONBOARDING_FIELDS.find((id) => errors[id]);
  const f = (spec: FieldSpec) => field(spec, values, errors, first);
  const type = values.business_type ?? 'individual';
  const radio = (value: string, label: string) =>
    `<label class="choice"><input type="radio" name="business_type" value="${value}"${type === value ? ' checked' : ''}${
      first === 'business_type' && value === 'individual' ? ' autofocus' : ''
    }${value === 'individual' ? ' id="business_type"' : ''}> ${label}</label>`;
  const accounts = Object.entries(TEST_BANK_ACCOUNTS)
    .map(([number, { note }]) => `<li><code>${number}</code>: ${escapeHtml(note)}</li>`)
    .join('');
  return layout(
    input.basePath,
    'Set up payouts · Stripe Express (test)',
    `<h1>Set up payouts</h1>
<p class="lead">Stripe collects these details for the account <code>${escapeHtml(input.account.id)}</code>${
      input.account.email ? ` (${escapeHtml(input.account.email)})` : ''
    }. The platform never sees the bank account or tax numbers.</p>
${summary(errors, ONBOARDING_FIELDS)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="session" value="${escapeHtml(input.nonce)}">
<fieldset>
<legend>Business profile</legend>
<fieldset class="choices${errors.business_type ? ' invalid' : ''}"${errors.business_type ? ' aria-describedby="business_type-error"' : ''}>
<legend>Type of business</legend>
${radio('individual', 'Individual or sole proprietor')}
${radio('company', 'Company or non-profit')}
${errors.business_type ? `<p class="error" id="business_type-error">${escapeHtml(errors.business_type)}</p>` : ''}
</fieldset>
${f({ id: 'legal_name', label: 'Legal name', autocomplete: 'name', hint: 'Your full legal name, or the company’s legal name.' })}
${f({ id: 'email', label: 'Email address', type: 'email', autocomplete: 'email' })}
${f({ id: 'product_description', label: 'What you do (product description)', hint: 'For example: college athlete, official NIL trading cards.' })}
</fieldset>
<fieldset>
<legend>Bank account for payouts</legend>
<div class="test-values" id="bank-test-values"><p>Test mode accepts only Stripe’s test bank account: routing number <code>${TEST_ROUTING_NUMBER}</code> with one of these account numbers:</p><ul>${accounts}</ul></div>
${f({ id: 'routing_number', label: 'Routing number', inputmode: 'numeric', autocomplete: 'off', hint: `9 digits. Test: ${TEST_ROUTING_NUMBER}` })}
${f({ id: 'account_number', label: 'Account number', inputmode: 'numeric', autocomplete: 'off' })}
${f({ id: 'account_number_confirm', label: 'Confirm account number', inputmode: 'numeric', autocomplete: 'off' })}
</fieldset>
<fieldset>
<legend>Tax information (Form W-9)</legend>
<div class="field check${errors.w9_certified ? ' invalid' : ''}">
<input type="checkbox" id="w9_certified" name="w9_certified" value="yes"${values.w9_certified === 'yes' ? ' checked' : ''}${
      errors.w9_certified ? ' aria-invalid="true" aria-describedby="w9_certified-error"' : ''
    }${first === 'w9_certified' ? ' autofocus' : ''}>
<label for="w9_certified">I certify, under penalties of perjury, that the taxpayer information I provided is correct (certify the W-9 information).</label>
${errors.w9_certified ? `<p class="error" id="w9_certified-error">${escapeHtml(errors.w9_certified)}</p>` : ''}
</div>
</fieldset>
<button type="submit">Agree and submit</button>
</form>`,
  );
}

export const CHECKOUT_FIELDS = ['email', 'card_number', 'card_expiry', 'card_cvc', 'card_name'];

export function checkoutPage(input: {
  basePath: string;
  action: string;
  session: StripeObj;
  lines: StripeObj[];
  merchant: string;
  values: Values;
  errors: Errors;
  declined?: string;
}): string {
  const { session, values, errors } = input;
  const first = input.declined ? 'card_number' : CHECKOUT_FIELDS.find((id) => errors[id]);
  const f = (spec: FieldSpec) => field(spec, values, errors, first);
  const recurringOf = (line: StripeObj) => (line.price as { recurring: { interval: string } | null }).recurring;
  const subscription = session.mode === 'subscription';
  const items = input.lines
    .map((line) => {
      const recurring = recurringOf(line);
      const unit = (line.price as { unit_amount: number }).unit_amount;
      const detail = typeof line._productDescription === 'string' ? `<span class="detail">${escapeHtml(line._productDescription)}</span>` : '';
      return `<li><span class="name">${escapeHtml(line.description)}${detail}</span><span class="qty">${line.quantity} × ${money(unit)}${
        recurring ? ` per ${recurring.interval}` : ''
      }</span><span class="amount">${money(line.amount_total as number)}</span></li>`;
    })
    .join('');
  const cards = Object.entries(TEST_CARDS)
    .map(([number, outcome]) => `<li><code>${spaced(number)}</code>: ${outcome.decline ? escapeHtml(outcome.decline.message) : 'succeeds'}</li>`)
    .join('');
  const total = money(session.amount_total as number);
  const decline = input.declined ? `<div class="summary declined" role="alert"><h2>Payment declined</h2><p>${escapeHtml(input.declined)}</p></div>` : '';
  // As Stripe's page: one line item leads with its product's name (the business's name above it);
  // several are headed "Pay {business}".
  const product = input.lines.length === 1 ? String(input.lines[0].description) : null;
  const heading = product ?? `${subscription ? 'Subscribe to' : 'Pay'} ${input.merchant}`;
  return layout(
    input.basePath,
    `${heading} · Checkout (test)`,
    `<div class="checkout">
<section class="order" aria-labelledby="order-title">
${session.cancel_url ? `<p><a class="back" href="${escapeHtml(session.cancel_url)}">← Back to ${escapeHtml(input.merchant)}</a></p>` : ''}
${product ? `<p class="merchant">${escapeHtml(input.merchant)}</p>` : ''}
<h1 id="order-title">${escapeHtml(heading)}</h1>
<ul class="items">${items}</ul>
<p class="total"><span>${subscription ? 'Total due today' : 'Total'}</span><span>${total}</span></p>
</section>
<section class="pay" aria-labelledby="pay-title">
<h2 id="pay-title">Pay with card</h2>
${decline}${summary(errors, CHECKOUT_FIELDS)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${f({ id: 'email', label: 'Email', type: 'email', autocomplete: 'email' })}
${f({ id: 'card_number', label: 'Card number', inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' })}
<div class="row">
${f({ id: 'card_expiry', label: 'Expiry (MM / YY)', inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY' })}
${f({ id: 'card_cvc', label: 'Security code', inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC' })}
</div>
${f({ id: 'card_name', label: 'Name on card', autocomplete: 'cc-name' })}
<button type="submit">${subscription ? 'Subscribe' : 'Pay'} ${total}</button>
</form>
<div class="test-values"><p>Test cards (any future expiration date, any 3-digit security code):</p><ul>${cards}</ul></div>
</section>
</div>`,
  );
}

export const PORTAL_CARD_FIELDS = ['card_number', 'card_expiry', 'card_cvc', 'card_name'];

export interface PortalSubscriptionView {
  id: string;
  name: string;
  price: string;
  /** The period's end, as a date. */
  periodEnd: string;
  cancelAtPeriodEnd: boolean;
  card: string | null;
  /** The prices it may switch to (the portal configuration's). */
  plans: Array<{ id: string; label: string }>;
}

/** The customer portal: the customer's subscriptions, cancel or renew each, a new card. */
export function portalPage(input: {
  basePath: string;
  action: string;
  merchant: string;
  returnUrl: string | null;
  subscriptions: PortalSubscriptionView[];
  notice: string | null;
  values: Values;
  errors: Errors;
}): string {
  const first = PORTAL_CARD_FIELDS.find((id) => input.errors[id]);
  const f = (spec: FieldSpec) => field(spec, input.values, input.errors, first);
  const subscriptions = input.subscriptions
    .map(
      (sub) => `<section class="summary-box" aria-labelledby="sub-${sub.id}">
<h2 id="sub-${sub.id}">${escapeHtml(sub.name)}</h2>
<p>${escapeHtml(sub.price)}</p>
<p>${sub.cancelAtPeriodEnd ? `Cancels on ${escapeHtml(sub.periodEnd)}: you will not be charged again.` : `Renews on ${escapeHtml(sub.periodEnd)}.`}</p>
${sub.card ? `<p>Paid with ${escapeHtml(sub.card)}</p>` : ''}
${
  sub.plans.length && !sub.cancelAtPeriodEnd
    ? `<form method="post" action="${escapeHtml(input.action)}">
<fieldset><legend>Change plan</legend>
${sub.plans
  .map(
    (plan, i) =>
      `<div class="choice"><input type="radio" id="plan-${sub.id}-${i}" name="price" value="${escapeHtml(plan.id)}"${i === 0 ? ' checked' : ''}><label for="plan-${sub.id}-${i}">${escapeHtml(plan.label)}</label></div>`,
  )
  .join('')}
</fieldset>
<input type="hidden" name="action" value="plan">
<input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">
<button type="submit">Update plan</button>
</form>`
    : ''
}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="action" value="${sub.cancelAtPeriodEnd ? 'renew' : 'cancel'}">
<input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">
<button type="submit"${sub.cancelAtPeriodEnd ? '' : ' class="secondary"'}>${sub.cancelAtPeriodEnd ? 'Renew subscription' : 'Cancel subscription'}</button>
</form>
</section>`,
    )
    .join('');
  return layout(
    input.basePath,
    `${input.merchant} · Manage your subscription (test)`,
    `${input.returnUrl ? `<p><a class="back" href="${escapeHtml(input.returnUrl)}">← Return to ${escapeHtml(input.merchant)}</a></p>` : ''}
<p class="merchant">${escapeHtml(input.merchant)}</p>
<h1>Manage your subscription</h1>
${input.notice ? `<div class="summary done" role="status"><p>${escapeHtml(input.notice)}</p></div>` : ''}
${subscriptions || '<p class="lead">You have no active subscriptions.</p>'}
${
  input.subscriptions.length
    ? `<section aria-labelledby="card-title">
<h2 id="card-title">Payment method</h2>
${summary(input.errors, PORTAL_CARD_FIELDS)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="action" value="card">
${f({ id: 'card_number', label: 'Card number', inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' })}
<div class="row">
${f({ id: 'card_expiry', label: 'Expiry (MM / YY)', inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY' })}
${f({ id: 'card_cvc', label: 'Security code', inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC' })}
</div>
${f({ id: 'card_name', label: 'Name on card', autocomplete: 'cc-name' })}
<button type="submit">Update card</button>
</form>
</section>`
    : ''
}`,
  );
}

/** A page that only says something (an expired session, a spent link), with a way on. */
export function messagePage(basePath: string, title: string, text: string, link?: { href: string; label: string }): string {
  return layout(
    basePath,
    title,
    `<h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(text)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
  );
}

export const CSS = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1a1f36;background:#f6f8fa}
body{margin:0}
main{max-width:30rem;margin:0 auto;padding:1rem 1rem 3rem}
.merchant{margin:0;color:#545969;font-weight:600}
.items .detail{display:block;color:#545969;font-size:.875rem}
h1{font-size:1.5rem;line-height:1.25;margin:1rem 0 .5rem}
h2{font-size:1.125rem;margin:0 0 .75rem}
.lead{color:#3c4257}
.test-mode{margin:0;padding:.5rem 1rem;background:#ffde92;color:#5a3e00;font-size:.875rem;text-align:center}
fieldset{border:0;margin:0 0 1.5rem;padding:0;min-width:0}
legend{font-weight:600;font-size:1.0625rem;margin-bottom:.5rem;padding:0}
.choices legend{font-size:1rem;font-weight:500}
.field{margin-bottom:1rem}
label{display:block;font-weight:500;margin-bottom:.25rem}
.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;min-height:2.75rem}
.check{display:grid;grid-template-columns:auto 1fr;gap:.5rem;align-items:start}
.check input{width:1.25rem;height:1.25rem;margin-top:.2rem}
.check .error{grid-column:1/-1}
input[type=text],input[type=email]{width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;border:1px solid #8792a2;border-radius:6px;background:#fff;color:inherit}
.invalid input[type=text],.invalid input[type=email]{border-color:#c0123c;border-width:2px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #635bff;outline-offset:2px}
.hint{margin:0 0 .25rem;color:#4f566b;font-size:.875rem}
.error{margin:.25rem 0 0;color:#c0123c;font-weight:500}
.summary{border:2px solid #c0123c;border-radius:8px;background:#fff;padding:.75rem 1rem;margin:1rem 0}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:#c0123c}
button{width:100%;min-height:3rem;font:inherit;font-weight:600;color:#fff;background:#635bff;border:0;border-radius:6px;cursor:pointer}
button:hover{background:#4b45c6}
a{color:#4b45c6}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9375rem}
.test-values{background:#fff;border:1px dashed #8792a2;border-radius:8px;padding:.5rem 1rem;margin:1rem 0;font-size:.875rem}
.test-values ul{margin:.25rem 0;padding-left:1.25rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.items{list-style:none;margin:0;padding:0}
.items li{display:grid;grid-template-columns:1fr auto;gap:0 1rem;padding:.75rem 0;border-bottom:1px solid #e3e8ee}
.items .qty{grid-column:1;color:#4f566b;font-size:.875rem}
.items .amount{grid-column:2;grid-row:1/3;align-self:center;font-weight:500}
.total{display:flex;justify-content:space-between;font-size:1.25rem;font-weight:600;margin:1rem 0 2rem}
.back{display:inline-block;padding:.5rem 0}
.summary-box{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:.75rem 1rem;margin:1rem 0}
.summary-box h2{margin:0 0 .25rem;font-size:1.125rem}
.summary-box form{margin-top:.75rem}
.summary-box fieldset{border:0;padding:0;margin:0 0 .5rem}
.choice label{display:inline;font-weight:400;margin:0}
.summary.done{border-color:#0e6245}
button.secondary{background:#fff;color:#a50f33;border:2px solid #a50f33}
button.secondary:hover{background:#fff5f7}
@media (min-width:56rem){
main{max-width:60rem;padding-top:2rem}
.checkout{display:grid;grid-template-columns:1fr 1fr;gap:4rem;align-items:start}
.pay{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
}
`;
