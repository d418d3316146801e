// A local stand-in for the subset of Stripe the product calls (as scripts/local/cognito.ts stands in
// for Cognito): Connect Express accounts and hosted onboarding, the platform balance and top-ups,
// transfers, reversals and automatic payouts, Checkout (payment and subscription mode, on
// connected accounts) with a hosted payment page, subscriptions, invoices, charges, refunds, and
// events delivered to a webhook endpoint signed as Stripe signs them. It imitates Stripe's API
// (form-encoded requests, Stripe-Account, Idempotency-Key, Stripe's error shape, ids, lists), never
// the product's logic, so the product's client (lambdas/platform/stripe-client.ts) and Stripe's own
// SDK both talk to it unchanged. Docs: docs/LOCAL-STRIPE.md.
//
// Mount: `handle(req, res)` answers what is its own (true) and leaves the rest (false). The API is
// at {basePath}/v1/..., the hosted pages at {basePath}/onboarding/{token},
// {basePath}/checkout/{session} and {basePath}/billing/{portal session}, and the one local control (not Stripe's API: what Stripe's test
// clocks do) at POST {basePath}/local-control/subscriptions/{id}/advance-period.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STRIPE_API_VERSION } from '#lambdas/platform/stripe-client';
import { advanceSubscriptionPeriod, billingRoutes } from './billing';
import { checkoutRoutes } from './checkout';
import { connectRoutes } from './connect';
import { type Ctx, type Route, type Settings } from './context';
import { eventRoutes } from './event-routes';
import { type EventObj, Events } from './events';
import { ParamReader, StripeFailure, fail, parseForm, readBody, type Params } from './form';
import { onboardingRoutes } from './onboarding';
import { paymentRoutes } from './payments';
import { CSS, STYLESHEET } from './pages';
import { handleCheckoutPage, handleOnboardingPage, handlePortalPage } from './page-handlers';
import { portalRoutes } from './portal';
import { resumePayoutTasks } from './payouts';
import { Scheduler } from './scheduler';
import { type DeliveryRecord, Store, type StripeObj } from './store';

export const DEFAULT_SIGNING_SECRET = 'whsec_local_drift_stripe_secret';
/** The platform balance a new stand-in starts with: $10,000.00 available. */
export const DEFAULT_STARTING_BALANCE = 1_000_000;

export interface LocalStripeOptions {
  /** Where it is mounted ('' at the root: what the official SDK, which has no base path, needs). */
  basePath?: string;
  /** The origin its hosted pages are reached at, e.g. http://127.0.0.1:3000 (or a function, for a port known later). */
  publicUrl: string | (() => string);
  /** Where events are POSTed (the product's POST /api/webhooks/stripe); none: events are only listed. */
  webhookUrl?: string | (() => string | undefined);
  /** The endpoint's signing secret (the product reads the same value as STRIPE_WEBHOOK_SECRET). */
  signingSecret?: string;
  /** JSON file the state is kept in across restarts; memory only when undefined. */
  dataFile?: string;
  /** Delay from a transfer to its payout, and from the payout to paid or failed. */
  payoutDelayMs?: number;
  /** The clock (ms since the epoch) of `created`, expiries and signatures; timers run on real time. */
  now?: () => number;
  /** Platform balance of a new stand-in, in cents. */
  startingBalance?: number;
  /** When set, the only secret key accepted; otherwise any sk_test_... or rk_test_... key. */
  apiKey?: string;
  webhookRetry?: { maxAttempts?: number; baseMs?: number; jitterMs?: number };
  log?: (message: string) => void;
}

export interface LocalStripe {
  /** Answers a request that is the stand-in's (true); false leaves it to the host server. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Every event so far, oldest first, with its webhook delivery attempts. */
  events(): Array<{ event: EventObj; delivery?: DeliveryRecord }>;
  /** The local control (Stripe: a test clock): bills the subscription's next period now. */
  advanceSubscriptionPeriod(subscriptionId: string): StripeObj;
  /** Resolves when no payout and no webhook delivery is scheduled or running. */
  idle(): Promise<void>;
  /** Stops its timers and writes the data file. */
  close(): Promise<void>;
  readonly signingSecret: string;
}

const ROUTES: Route[] = [...connectRoutes, ...onboardingRoutes, ...checkoutRoutes, ...paymentRoutes, ...billingRoutes, ...portalRoutes, ...eventRoutes];

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

/** The secret key of a request (Bearer, or Basic with the key as the user name as curl -u sends it). */
function apiKeyOf(header: string | undefined): string | undefined {
  const [scheme, value = ''] = (header ?? '').trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value || undefined;
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0] || undefined;
  return undefined;
}

/** Parameters in a canonical form (keys sorted): "the same parameters" of an idempotent retry. */
const canonical = (value: unknown): string =>
  typeof value === 'object' && value !== null
    ? Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
    : JSON.stringify(value);

/** A path id, percent-decoded; a malformed escape names nothing that exists. */
const decodeId = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw fail.notFound('object', raw);
  }
};

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

export function createLocalStripe(options: LocalStripeOptions): LocalStripe {
  const basePath = (options.basePath ?? '/local-stripe').replace(/\/+$/, '');
  const log = options.log ?? ((message: string) => console.log(`[stripe] ${message}`));
  const signingSecret = options.signingSecret ?? DEFAULT_SIGNING_SECRET;
  const settings: Settings = {
    basePath,
    publicUrl: typeof options.publicUrl === 'function' ? options.publicUrl : () => options.publicUrl as string,
    payoutDelayMs: options.payoutDelayMs ?? 1500,
    apiVersion: STRIPE_API_VERSION,
    log,
  };
  const webhookUrl = typeof options.webhookUrl === 'function' ? options.webhookUrl : () => options.webhookUrl as string | undefined;
  const store = new Store(options.dataFile, options.startingBalance ?? DEFAULT_STARTING_BALANCE, options.now ?? Date.now);
  const scheduler = new Scheduler(log);
  const events = new Events(store, scheduler, {
    webhookUrl,
    signingSecret,
    apiVersion: settings.apiVersion,
    maxAttempts: options.webhookRetry?.maxAttempts ?? 6,
    retryBaseMs: options.webhookRetry?.baseMs ?? 1000,
    jitterMs: options.webhookRetry?.jitterMs ?? 25,
    log,
  });
  const ctx: Ctx = { store, events, scheduler, settings };
  resumePayoutTasks(ctx);

  function authenticate(req: IncomingMessage): void {
    const key = apiKeyOf(header(req, 'authorization'));
    if (!key) throw new StripeFailure(401, { type: 'invalid_request_error', message: NO_KEY }, false);
    const valid = options.apiKey ? key === options.apiKey : /^(sk|rk)_test_[A-Za-z0-9_]+$/.test(key);
    if (!valid)
      throw new StripeFailure(
        401,
        { type: 'invalid_request_error', code: 'api_key_invalid', message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(4)}${key.slice(-4)}` },
        false,
      );
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void> {
    const requestId = store.newId('req_', 14);
    const send = (status: number, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'cache-control': 'no-cache, no-store',
        'request-id': requestId,
        'stripe-version': header(req, 'stripe-version') ?? settings.apiVersion,
        ...extra,
      });
      res.end(body);
    };
    const method = req.method ?? 'GET';
    const idempotencyKey = method === 'POST' ? header(req, 'idempotency-key') : undefined;
    let scope: string | undefined;
    let params: Params;
    let status = 200;
    let body: string;
    let saved = true;
    try {
      authenticate(req);
      const found = ROUTES.map((route) => [route, route[1].exec(path)] as const).find(([route, match]) => match && route[0] === method);
      if (!found)
        throw fail.request(
          `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          {},
          404,
        );
      const [[, , handler], match] = found;
      params = parseForm(method === 'POST' ? await readBody(req) : query);
      const owner = header(req, 'stripe-account') ?? null;
      if (owner && store.get(owner)?.value.object !== 'account')
        throw new StripeFailure(
          403,
          {
            type: 'invalid_request_error',
            code: 'account_invalid',
            message: `The provided key does not have access to account '${owner}' (or that account does not exist). Application access may have been revoked.`,
          },
          false,
        );
      if (idempotencyKey) {
        if (idempotencyKey.length > 255) throw fail.invalid('Idempotency-Key', 'The Idempotency-Key header must be 255 characters or less.');
        scope = `${owner ?? 'platform'}|${idempotencyKey}`;
        const earlier = store.idempotent(scope);
        if (earlier) {
          if (earlier.method !== method || earlier.path !== path || earlier.params !== canonical(params))
            throw new StripeFailure(
              400,
              {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
              false,
            );
          return send(earlier.status, earlier.body, {
            'idempotency-key': idempotencyKey,
            'idempotent-replayed': 'true',
            'original-request': earlier.requestId,
          });
        }
      }
      const reader = new ParamReader(params);
      const expand = reader.strings('expand') ?? [];
      const request = { id: requestId, idempotency_key: idempotencyKey ?? null };
      body = JSON.stringify(handler({ ctx, params: reader, owner, ids: match!.slice(1).map(decodeId), request, expand, path }), null, 2);
    } catch (error) {
      if (!(error instanceof StripeFailure)) {
        log(`internal error on ${method} ${path}: ${String((error as Error)?.stack ?? error)}`);
        return send(500, JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred in the local Stripe stand-in.' } }, null, 2));
      }
      status = error.status;
      saved = error.saved;
      body = JSON.stringify({ error: error.error }, null, 2);
    }
    // Stripe keeps the first result of a key, errors included, once the endpoint has run.
    if (scope && saved) store.remember(scope, { method, path, params: canonical(params!), status, body, requestId });
    send(status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  /** LOCAL CONTROL: POST {basePath}/local-control/subscriptions/{id}/advance-period (Stripe: test clocks). */
  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const match = /^\/local-control\/subscriptions\/([^/]+)\/advance-period$/.exec(path);
    if (!match || req.method !== 'POST') return false;
    let status = 200;
    let body: unknown;
    try {
      authenticate(req);
      body = advanceSubscriptionPeriod(ctx, decodeId(match[1]));
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = { error: error.error };
    }
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body, null, 2));
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://stand-in');
    } catch {
      return false;
    }
    if (basePath && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return false;
    const path = url.pathname.slice(basePath.length) || '/';
    if (path.startsWith('/v1/')) {
      await api(req, res, path, url.search.slice(1));
      return true;
    }
    if (path === STYLESHEET && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : CSS);
      return true;
    }
    const onboarding = /^\/onboarding\/([A-Za-z0-9]+)$/.exec(path);
    if (onboarding) return handleOnboardingPage(ctx, req, res, onboarding[1], url.pathname);
    const checkout = /^\/checkout\/(cs_test_[A-Za-z0-9]+)$/.exec(path);
    if (checkout) return handleCheckoutPage(ctx, req, res, checkout[1], url.pathname);
    const portal = /^\/billing\/(bps_[A-Za-z0-9]+)$/.exec(path);
    if (portal) return handlePortalPage(ctx, req, res, portal[1], url.pathname, url.searchParams.get('done'));
    if (path.startsWith('/local-control/') && (await control(req, res, path))) return true;
    if (!basePath) return false;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found in the local Stripe stand-in');
    return true;
  }

  return {
    handle,
    signingSecret,
    events: () => structuredClone(store.all('event').map(({ value }) => ({ event: value as EventObj, delivery: events.delivery(value.id) }))),
    advanceSubscriptionPeriod: (id) => advanceSubscriptionPeriod(ctx, id),
    idle: () => scheduler.idle(),
    close: async () => {
      scheduler.close();
      store.close();
    },
  };
}
