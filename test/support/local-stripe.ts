// What the local Stripe stand-in's tests share: the stand-in on a throwaway HTTP server, a webhook
// endpoint that records what it receives (raw bodies, for signature checks) and answers from a
// script, the hosted pages driven as a browser would submit them, waiting with a deadline, and a
// test file's handlers pointed at the stand-in.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeClient, type StripeClient } from '#lambdas/platform/stripe-client';
import { resetStripeSettings } from '#lambdas/platform/stripe-config';
import { createLocalStripe, type LocalStripe, type LocalStripeOptions } from '../../scripts/local/stripe/index';

export interface Running {
  stripe: LocalStripe;
  server: Server;
  port: number;
  /** http://127.0.0.1:port */
  origin: string;
  close(): Promise<void>;
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** The stand-in alone on its own server (a request it does not answer is a 404 of the server's). */
export async function startLocalStripe(options: Omit<LocalStripeOptions, 'publicUrl'>): Promise<Running> {
  let origin = '';
  const stripe = createLocalStripe({ ...options, publicUrl: () => origin });
  const server = createServer((req, res) => {
    stripe.handle(req, res).then(
      (answered) => {
        if (!answered) res.writeHead(404, { 'content-type': 'text/plain' }).end('not the stand-in');
      },
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  const port = await listen(server);
  origin = `http://127.0.0.1:${port}`;
  return {
    stripe,
    server,
    port,
    origin,
    close: async () => {
      await stripe.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** For a test file whose handlers call Stripe: from beforeAll, the stand-in on its own server at
 * /local-stripe, the product's Stripe settings pointed at it (STRIPE_API_BASE, STRIPE_SECRET_KEY
 * `apiKey` and, with a signing secret, STRIPE_WEBHOOK_SECRET) and a Stripe client of the test's
 * own; afterAll closes it and takes the settings away. */
export function useStripeStandIn({
  apiKey,
  retryDelayMs,
  ...options
}: Omit<LocalStripeOptions, 'publicUrl' | 'basePath'> & { apiKey: string; retryDelayMs: number }): { local: Running; stripe: StripeClient } {
  const rail = {} as { local: Running; stripe: StripeClient };
  beforeAll(async () => {
    rail.local = await startLocalStripe({ basePath: '/local-stripe', ...options });
    const baseUrl = `${rail.local.origin}/local-stripe`;
    Object.assign(
      process.env,
      { STRIPE_API_BASE: baseUrl, STRIPE_SECRET_KEY: apiKey },
      options.signingSecret ? { STRIPE_WEBHOOK_SECRET: options.signingSecret } : {},
    );
    resetStripeSettings();
    rail.stripe = createStripeClient({ apiKey, baseUrl, retryDelayMs });
  });
  afterAll(async () => {
    await rail.local?.close();
    delete process.env.STRIPE_API_BASE;
    delete process.env.STRIPE_SECRET_KEY;
    if (options.signingSecret) delete process.env.STRIPE_WEBHOOK_SECRET;
    resetStripeSettings();
  });
  return rail;
}

export interface Delivery {
  path: string;
  body: string;
  signature: string | undefined;
  receivedAt: number;
}

/** A webhook endpoint: records every POST; `answers[path]` is the sequence of statuses to give (the last repeats; default 200). */
export async function startWebhookReceiver(answers: Record<string, number[]> = {}) {
  const deliveries: Delivery[] = [];
  const served: Record<string, number> = {};
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      deliveries.push({
        path,
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['stripe-signature'] as string | undefined,
        receivedAt: Date.now(),
      });
      const script = answers[path] ?? [200];
      const n = served[path] ?? 0;
      served[path] = n + 1;
      res.writeHead(script[Math.min(n, script.length - 1)], { 'content-type': 'text/plain' }).end('ok');
    });
  });
  const port = await listen(server);
  return {
    deliveries,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Polls `read` until `done` holds; throws with the last value after `ms`. */
export async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 15_000, what = 'the expected state'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const attribute = (html: string, pattern: RegExp) => {
  const match = pattern.exec(html);
  if (!match) throw new Error(`not in the page: ${pattern}`);
  return match[1].replace(/&amp;/g, '&');
};

/** GET a hosted page, then POST its form with `fields` (plus its hidden inputs), as a browser does. */
export async function submitPage(pageUrl: string, fields: Record<string, string>) {
  const page = await fetch(pageUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) return { status: page.status, location: page.headers.get('location'), html, form: undefined };
  const action = new URL(attribute(html, /<form method="post" action="([^"]+)"/), pageUrl).toString();
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const res = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, ...fields }).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text(), form: html };
}

export const ONBOARDING_FORM = (accountNumber: string, extra: Record<string, string> = {}) => ({
  business_type: 'individual',
  legal_name: 'Jordan Rivers',
  email: 'jordan@example.com',
  product_description: 'College athlete: official NIL trading cards',
  routing_number: '110000000',
  account_number: accountNumber,
  account_number_confirm: accountNumber,
  w9_certified: 'yes',
  ...extra,
});

export const CARD_FORM = (number: string, extra: Record<string, string> = {}) => ({
  email: 'fan@example.com',
  card_number: number,
  card_expiry: '12 / 34',
  card_cvc: '123',
  card_name: 'Casey Fan',
  ...extra,
});
