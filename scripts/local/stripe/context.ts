// What the stand-in's API handlers share: the store, the event log, scheduled work, the settings,
// and one API call's parsed request.
import type { Events, RequestInfo } from './events';
import { type ParamReader, pageParams } from './form';
import type { Scheduler } from './scheduler';
import type { Owner, Store, StripeList, StripeObj } from './store';

export interface Settings {
  basePath: string;
  /** Origin the hosted pages are reached at (account link and checkout URLs). */
  publicUrl: () => string;
  payoutDelayMs: number;
  apiVersion: string;
  log: (message: string) => void;
}

export interface Ctx {
  store: Store;
  events: Events;
  scheduler: Scheduler;
  settings: Settings;
}

/** One API request, parsed: the parameters, the account it acts on (Stripe-Account), the path's ids. */
export interface Call {
  ctx: Ctx;
  params: ParamReader;
  owner: Owner;
  ids: string[];
  request: RequestInfo;
  expand: string[];
  /** The request's path without the stand-in's base path (/v1/transfers): a list's `url`. */
  path: string;
}

/** An API answer: a stored object, a list, or an object Stripe has without an id (balance, account link). */
export type Handler = (call: Call) => StripeObj | StripeList | Record<string, unknown>;
export type Route = readonly [method: 'GET' | 'POST' | 'DELETE', pattern: RegExp, handler: Handler];

/** The absolute URL of a hosted page of the stand-in. */
export const pageUrl = (settings: Settings, page: string) => `${settings.publicUrl().replace(/\/+$/, '')}${settings.basePath}${page}`;

/** GET of one object of the calling account (404 for another account's). */
export const retrieve = (object: string) => (call: Call) => {
  call.params.done();
  return call.ctx.store.render(call.ctx.store.find(call.ids[0], object, call.owner), call.expand);
};

export interface ListSpec {
  /** Top-level fields a list may be filtered on by equality (?destination=acct_...). */
  filters?: string[];
  /** Reads any further parameters of the call and returns a predicate on the listed objects. */
  match?: (call: Call) => (value: StripeObj) => boolean;
  /** The account whose objects are listed (default: the calling account). */
  owner?: (call: Call) => Owner;
}

/** A Stripe list endpoint: newest first, limit / starting_after / ending_before, the spec's filters. */
export const listOf =
  (object: string, spec: ListSpec = {}) =>
  (call: Call): StripeList => {
    const page = pageParams(call.params);
    const wanted = (spec.filters ?? []).map((key) => [key, call.params.str(key)] as const).filter(([, value]) => value !== undefined);
    call.params.obj('created');
    const extra = spec.match?.(call);
    call.params.done();
    const matches = (value: StripeObj) => wanted.every(([key, want]) => value[key] === want) && (extra?.(value) ?? true);
    return call.ctx.store.list(object, spec.owner ? spec.owner(call) : call.owner, call.path, page, matches);
  };
