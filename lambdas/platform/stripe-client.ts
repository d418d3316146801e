// The one Stripe client of the Lambdas: Stripe's REST API over Node's fetch, without the official
// SDK (bundled alone it is 241 KiB of the 250 KiB budget: docs/decisions/0001-stripe-thin-client.md).
// The base URL is configured, so the same code talks to api.stripe.com in AWS and to the local
// stand-in (scripts/local/stripe/) in local mode and in tests. Requests are form-encoded as Stripe's
// own client encodes them; non-2xx answers become a StripeApiError with Stripe's error fields;
// network errors, 409, 429 and 5xx are retried a bounded number of times with backoff and the SAME
// idempotency key (Stripe's rule for safe retries). Nothing here logs: the secret key lives only in
// this module's closure and an Account Link URL only in the value returned to the caller.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  CheckoutSessionParams,
  EventListParams,
  ExpressAccountParams,
  Metadata,
  StripeAccount,
  StripeAccountLink,
  StripeBalance,
  StripeCharge,
  StripeCheckoutSession,
  StripeEvent,
  StripeInvoice,
  StripeList,
  StripePayout,
  StripeSubscription,
  StripeTransfer,
  StripeTransferReversal,
  PayoutParams,
  TransferListParams,
  TransferParams,
} from './stripe-types';

export type * from './stripe-types';

/** The API version this client speaks (the one stripe@23.1.0 pins, which the tests drive the stand-in with). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

/** Stripe's form encoding: a[b][c]=v for objects, a[0][x]=v for arrays (as stripe-node sends them),
 * null as the empty string (Stripe's "unset"), undefined left out; brackets left readable. */
export function encodeForm(params: FormParams): string {
  const pairs: string[] = [];
  const enc = (s: string) =>
    encodeURIComponent(s)
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%5B/g, '[')
      .replace(/%5D/g, ']');
  const walk = (key: string, value: FormValue): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') pairs.push(`${enc(key)}=${enc(value === null ? '' : String(value))}`);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(`${key}[${i}]`, item));
    else for (const k of Object.keys(value)) walk(`${key}[${k}]`, value[k]);
  };
  for (const key of Object.keys(params)) walk(key, params[key]);
  return pairs.join('&');
}

/** Stripe's error object ({ "error": { ... } } of a non-2xx answer). */
export interface StripeErrorBody {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  param?: string;
  doc_url?: string;
}

/** A non-2xx answer (status = its HTTP status) or a request that never got one (status 0,
 * type api_connection_error). Carries no request headers: never the key. */
export class StripeApiError extends Error {
  readonly type: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly param?: string;
  readonly doc_url?: string;
  constructor(
    readonly status: number,
    error: StripeErrorBody,
    /** Stripe's Request-Id header: what Stripe's support and dashboard logs find a request by. */
    readonly requestId?: string,
  ) {
    super(error.message ?? `Stripe answered ${status}`);
    this.name = 'StripeApiError';
    this.type = error.type ?? 'api_error';
    this.code = error.code;
    this.decline_code = error.decline_code;
    this.param = error.param;
    this.doc_url = error.doc_url;
  }
}

export interface StripeClientOptions {
  /** sk_live_... / sk_test_... (or a restricted rk_ key). */
  apiKey: string;
  /** https://api.stripe.com in AWS; the stand-in's base (http://127.0.0.1:3000/local-stripe) locally. */
  baseUrl?: string;
  apiVersion?: string;
  fetch?: typeof fetch;
  /** Retries after the first attempt (network errors, 409, 429, 5xx). Default 2. */
  maxRetries?: number;
  /** First backoff (doubled each retry, randomised by up to half, at most 8 s). Default 500 ms. */
  retryDelayMs?: number;
  /** Per attempt. Default 20 s. */
  timeoutMs?: number;
}

export interface CallOptions {
  /** Required in practice for every create: derived from what it pays (e.g. batch and athlete). */
  idempotencyKey?: string;
  /** Act on a connected account (Stripe-Account header). */
  stripeAccount?: string;
  expand?: string[];
}

export interface RequestOptions extends CallOptions {
  params?: FormParams;
}

export type Method = 'GET' | 'POST' | 'DELETE';

export function createStripeClient(options: StripeClientOptions) {
  const { apiKey, apiVersion = STRIPE_API_VERSION, maxRetries = 2, retryDelayMs = 500, timeoutMs = 20_000 } = options;
  const base = (options.baseUrl ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function request<T>(method: Method, path: string, { params = {}, idempotencyKey, stripeAccount, expand }: RequestOptions = {}): Promise<T> {
    const form = encodeForm(expand?.length ? { ...params, expand } : params);
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, 'stripe-version': apiVersion, accept: 'application/json' };
    if (stripeAccount) headers['stripe-account'] = stripeAccount;
    // Every POST carries a key, the caller's or a random one, so that a retry can never apply twice.
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['idempotency-key'] = idempotencyKey ?? `drift-${randomUUID()}`;
    }
    const url = `${base}${path}${method !== 'POST' && form ? `?${form}` : ''}`;
    for (let attempt = 0; ; attempt += 1) {
      const backoff = Math.min(8000, retryDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      let status = 0;
      let requestId: string | undefined;
      let text: string;
      let retryable: boolean;
      try {
        const res = await doFetch(url, { method, headers, body: method === 'POST' ? form : undefined, signal: AbortSignal.timeout(timeoutMs) });
        status = res.status;
        requestId = res.headers.get('request-id') ?? undefined;
        const advice = res.headers.get('stripe-should-retry');
        text = await res.text();
        retryable = advice === 'true' || (advice !== 'false' && (status === 409 || status === 429 || status >= 500));
      } catch (error) {
        if (attempt < maxRetries) {
          await sleep(backoff);
          continue;
        }
        // The path names the call; neither the key nor the body is in the message.
        throw new StripeApiError(
          status,
          { type: 'api_connection_error', message: `No answer from Stripe for ${method} ${path}: ${(error as Error).message}` },
          requestId,
        );
      }
      if (status >= 200 && status < 300) {
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new StripeApiError(status, { type: 'api_error', message: 'Invalid JSON received from the Stripe API' }, requestId);
        }
      }
      if (retryable && attempt < maxRetries) {
        await sleep(backoff);
        continue;
      }
      let error: StripeErrorBody = { type: 'api_error', message: `Stripe answered ${status}` };
      try {
        error = (JSON.parse(text) as { error?: StripeErrorBody }).error ?? error;
      } catch {
        // not JSON (a proxy's page): the generic error above
      }
      throw new StripeApiError(status, error, requestId);
    }
  }

  const id = (value: string) => encodeURIComponent(value);
  const get = <T>(path: string, o?: RequestOptions) => request<T>('GET', path, o);
  const post = <T>(path: string, params: object, o?: CallOptions) => request<T>('POST', path, { ...o, params: params as FormParams });

  return {
    request,
    accounts: {
      /** An Express account that can receive transfers (add card_payments to take direct charges). */
      createExpress: (params: ExpressAccountParams, o?: CallOptions) =>
        post<StripeAccount>('/v1/accounts', { ...params, type: 'express', capabilities: { transfers: { requested: true }, ...params.capabilities } }, o),
      retrieve: (account: string, o?: CallOptions) => get<StripeAccount>(`/v1/accounts/${id(account)}`, o),
    },
    accountLinks: {
      /** Its url is a bearer credential for the account's onboarding: hand it to the user, never log or store it. */
      createOnboarding: (params: { account: string; refresh_url: string; return_url: string }, o?: CallOptions) =>
        post<StripeAccountLink>('/v1/account_links', { ...params, type: 'account_onboarding' }, o),
    },
    transfers: {
      create: (params: TransferParams, o?: CallOptions) => post<StripeTransfer>('/v1/transfers', params, o),
      retrieve: (transfer: string, o?: CallOptions) => get<StripeTransfer>(`/v1/transfers/${id(transfer)}`, o),
      list: (params: TransferListParams, o?: CallOptions) => get<StripeList<StripeTransfer>>('/v1/transfers', { ...o, params: params as FormParams }),
      createReversal: (transfer: string, params: { amount?: number; description?: string; metadata?: Metadata }, o?: CallOptions) =>
        post<StripeTransferReversal>(`/v1/transfers/${id(transfer)}/reversals`, params, o),
    },
    balance: { retrieve: (o?: CallOptions) => get<StripeBalance>('/v1/balance', o) },
    checkout: {
      sessions: {
        create: (params: CheckoutSessionParams, o?: CallOptions) => post<StripeCheckoutSession>('/v1/checkout/sessions', params, o),
        retrieve: (session: string, o?: CallOptions) => get<StripeCheckoutSession>(`/v1/checkout/sessions/${id(session)}`, o),
      },
    },
    subscriptions: {
      retrieve: (subscription: string, o?: CallOptions) => get<StripeSubscription>(`/v1/subscriptions/${id(subscription)}`, o),
      cancel: (subscription: string, o?: CallOptions) => request<StripeSubscription>('DELETE', `/v1/subscriptions/${id(subscription)}`, o),
    },
    invoices: { retrieve: (invoice: string, o?: CallOptions) => get<StripeInvoice>(`/v1/invoices/${id(invoice)}`, o) },
    charges: { retrieve: (charge: string, o?: CallOptions) => get<StripeCharge>(`/v1/charges/${id(charge)}`, o) },
    payouts: {
      /** Payouts live on the connected account: stripeAccount is required. */
      retrieve: (payout: string, o: CallOptions & { stripeAccount: string }) => get<StripePayout>(`/v1/payouts/${id(payout)}`, o),
      /** The connected account's payouts, newest first. */
      list: (params: { limit?: number; starting_after?: string }, o: CallOptions & { stripeAccount: string }) =>
        get<StripeList<StripePayout>>('/v1/payouts', { ...o, params: params as FormParams }),
      /** A manual payout of the connected account's available balance to its bank account. */
      create: (params: PayoutParams, o: CallOptions & { stripeAccount: string }) => post<StripePayout>('/v1/payouts', params, o),
    },
    events: {
      retrieve: (event: string, o?: CallOptions) => get<StripeEvent>(`/v1/events/${id(event)}`, o),
      list: (params: EventListParams = {}, o?: CallOptions) => get<StripeList<StripeEvent>>('/v1/events', { ...o, params: params as FormParams }),
    },
  };
}

export type StripeClient = ReturnType<typeof createStripeClient>;

// ---- Webhook signatures (Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">) ----

const hmacHex = (t: number, body: Buffer | string, secret: string) => createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');

/** The Stripe-Signature header Stripe would send for this body (tests and the local stand-in). */
export function signStripePayload(body: Buffer | string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${hmacHex(t, body, secret)}`;
}

export type SignatureCheck =
  { ok: true; timestamp: number } | { ok: false; reason: 'missing_header' | 'malformed_header' | 'no_matching_signature' | 'timestamp_outside_tolerance' };

/** Checks a Stripe-Signature header over the raw body bytes, against every secret given (rotation:
 * the old and the new endpoint secret) and every v1 value of the header, in constant time; the
 * timestamp must be within toleranceSeconds of now (ms since the epoch), in the past or the future. */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secrets: string[],
  { toleranceSeconds = 300, now = Date.now() }: { toleranceSeconds?: number; now?: number } = {},
): SignatureCheck {
  if (!header?.trim()) return { ok: false, reason: 'missing_header' };
  let t = NaN;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.split('=', 2).map((s) => s.trim());
    if (key === 't') t = /^\d{1,12}$/.test(value) ? Number(value) : NaN;
    else if (key === 'v1') signatures.push(Buffer.from(value));
  }
  if (Number.isNaN(t) || !signatures.length) return { ok: false, reason: 'malformed_header' };
  const matches = secrets
    .filter((secret) => secret.trim())
    .some((secret) => {
      const expected = Buffer.from(hmacHex(t, rawBody, secret));
      return signatures.some((given) => given.length === expected.length && timingSafeEqual(given, expected));
    });
  if (!matches) return { ok: false, reason: 'no_matching_signature' };
  if (Math.abs(Math.floor(now / 1000) - t) > toleranceSeconds) return { ok: false, reason: 'timestamp_outside_tolerance' };
  return { ok: true, timestamp: t };
}
