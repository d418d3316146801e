// Stripe's request and error conventions for the local stand-in: form bodies with nested brackets
// (a[b][c]=, a[0][x]=, a[]=), parameter readers that answer as Stripe does (parameter_missing,
// parameter_unknown, parameter_invalid_integer... naming the parameter as Stripe names it,
// e.g. line_items[0][price_data][unit_amount]), and Stripe's error shape.
import type { IncomingMessage } from 'node:http';

export type ParamValue = string | Params | ParamValue[];
export interface Params {
  [key: string]: ParamValue;
}

/** Stripe's error object, answered as { "error": ... } with the status. `saved` false: a request
 * that failed validation before the endpoint ran; Stripe keeps no idempotent result for it. */
export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; message: string; param?: string; decline_code?: string; doc_url?: string },
    readonly saved = true,
  ) {
    super(error.message);
    if (error.code) error.doc_url ??= `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`;
  }
}

const invalidRequest = (message: string, extra: { code?: string; param?: string } = {}, status = 400, saved = true) =>
  new StripeFailure(status, { type: 'invalid_request_error', message, ...extra }, saved);

export const fail = {
  /** A request the endpoint refused after it started (saved for idempotent replays). */
  request: (message: string, extra: { code?: string; param?: string } = {}, status = 400) => invalidRequest(message, extra, status),
  missing: (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param }, 400, false),
  unknown: (param: string) => invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param }, 400, false),
  invalid: (param: string, message: string, code = 'parameter_invalid') => invalidRequest(message, { code, param }, 400, false),
  notFound: (kind: string, id: string, param = 'id') => invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }, 404),
};

const INDEX = /^(0|[1-9]\d{0,4})$/;

/** Parses an application/x-www-form-urlencoded body (or a query string) into nested params. Objects
 * whose keys are all indexes become arrays (metadata excepted: its keys are the caller's). */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [key];
    let node: Params = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      // a[]=x appends: its index is the number of entries already there.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        if (typeof node[name] === 'object') throw fail.invalid(path[0], `Invalid hash: ${key}`, 'parameter_invalid_hash');
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'string') throw fail.invalid(path[0], `Invalid hash: ${key}`, 'parameter_invalid_hash');
      node = (next as Params | undefined) ?? (node[name] = {});
    });
  }
  const arrays = (value: ParamValue, inMetadata: boolean): ParamValue => {
    if (typeof value === 'string' || Array.isArray(value)) return value;
    const keys = Object.keys(value);
    if (!inMetadata && keys.length && keys.every((k) => INDEX.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(value[k], false));
    return Object.fromEntries(keys.map((k) => [k, arrays(value[k], k === 'metadata')]));
  };
  return Object.fromEntries(Object.entries(root).map(([k, v]) => [k, arrays(v, k === 'metadata')]));
}

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw fail.request('Request body too large', {}, 413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface IntOptions {
  required?: boolean;
  min?: number;
  max?: number;
}

/** Reads one level of parameters; `done()` refuses any parameter nobody read (Stripe's
 * "Received unknown parameter"). Nested readers name their parameters with the full path. */
export class ParamReader {
  private readonly seen = new Set<string>(['expand']);

  constructor(
    readonly params: Params,
    private readonly prefix = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  private raw(key: string): ParamValue | undefined {
    this.seen.add(key);
    return this.params[key];
  }

  has(key: string): boolean {
    return this.params[key] !== undefined;
  }

  str(key: string, options: { required?: boolean; oneOf?: readonly string[]; max?: number } = {}): string | undefined {
    const value = this.raw(key);
    if (value === undefined || value === '') {
      if (options.required) throw fail.missing(this.name(key));
      return undefined;
    }
    if (typeof value !== 'string') throw fail.invalid(this.name(key), `Invalid string: ${JSON.stringify(value)}`, 'parameter_invalid_string');
    if (options.oneOf && !options.oneOf.includes(value))
      throw fail.invalid(this.name(key), `Invalid ${this.name(key)}: must be one of ${options.oneOf.join(', ')}`, 'parameter_invalid_string');
    if (options.max && value.length > options.max)
      throw fail.invalid(this.name(key), `Invalid ${this.name(key)}: must be at most ${options.max} characters`, 'parameter_invalid_string');
    return value;
  }

  int(key: string, options: IntOptions = {}): number | undefined {
    const value = this.str(key, { required: options.required });
    if (value === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(value)) throw fail.invalid(this.name(key), `Invalid integer: ${value}`, 'parameter_invalid_integer');
    const n = Number(value);
    if (options.min !== undefined && n < options.min)
      throw fail.invalid(this.name(key), `This value must be greater than or equal to ${options.min}.`, 'parameter_invalid_integer');
    if (options.max !== undefined && n > options.max)
      throw fail.invalid(this.name(key), `This value must be less than or equal to ${options.max}.`, 'parameter_invalid_integer');
    return n;
  }

  decimal(key: string, { min, max }: { min: number; max: number }): number | undefined {
    const value = this.str(key);
    if (value === undefined) return undefined;
    if (!/^\d+(\.\d+)?$/.test(value) || Number(value) < min || Number(value) > max)
      throw fail.invalid(this.name(key), `Invalid decimal: ${value} (between ${min} and ${max})`, 'parameter_invalid_decimal');
    return Number(value);
  }

  /** A currency: the stand-in holds US dollars only. */
  currency(key: string, required = true): 'usd' | undefined {
    const value = this.str(key, { required })?.toLowerCase();
    if (value === undefined) return undefined;
    if (!/^[a-z]{3}$/.test(value)) throw fail.invalid(this.name(key), `Invalid currency: ${value}`, 'parameter_invalid_string');
    if (value !== 'usd')
      throw fail.invalid(this.name(key), `Invalid currency: ${value}. The local Stripe stand-in holds usd only.`, 'parameter_invalid_string');
    return value;
  }

  /** An absolute http(s) URL (Stripe: "Not a valid URL"). */
  url(key: string, required = false): string | undefined {
    const value = this.str(key, { required, max: 5000 });
    if (value === undefined) return undefined;
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(value.replace(/\{CHECKOUT_SESSION_ID\}/g, 'x')).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw fail.invalid(this.name(key), 'Not a valid URL', 'url_invalid');
    return value;
  }

  bool(key: string): boolean | undefined {
    const value = this.str(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw fail.invalid(this.name(key), `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
    return value === 'true';
  }

  obj(key: string, required = false): ParamReader | undefined {
    const value = this.raw(key);
    if (value === undefined || value === '') {
      if (required) throw fail.missing(this.name(key));
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) throw fail.invalid(this.name(key), `Invalid hash: ${this.name(key)}`, 'parameter_invalid_hash');
    return new ParamReader(value, this.name(key));
  }

  list(key: string, required = false): ParamReader[] {
    const value = this.raw(key);
    if (value === undefined || value === '' || (Array.isArray(value) && !value.length)) {
      if (required) throw fail.missing(this.name(key));
      return [];
    }
    if (!Array.isArray(value)) throw fail.invalid(this.name(key), `Invalid array: ${this.name(key)}`, 'parameter_invalid_array');
    return value.map((item, i) => {
      if (typeof item !== 'object' || Array.isArray(item))
        throw fail.invalid(`${this.name(key)}[${i}]`, `Invalid hash: ${this.name(key)}[${i}]`, 'parameter_invalid_hash');
      return new ParamReader(item, `${this.name(key)}[${i}]`);
    });
  }

  strings(key: string): string[] | undefined {
    const value = this.raw(key);
    if (value === undefined || value === '') return undefined;
    const items = Array.isArray(value) ? value : [value];
    if (!items.every((v): v is string => typeof v === 'string'))
      throw fail.invalid(this.name(key), `Invalid array: ${this.name(key)}`, 'parameter_invalid_array');
    return items;
  }

  /** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500. */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (value === '') return {};
    const param = this.name(key);
    if (typeof value !== 'object' || Array.isArray(value)) throw fail.invalid(param, `Invalid hash: ${param}`, 'parameter_invalid_hash');
    const entries = Object.entries(value);
    if (entries.length > 50) throw fail.invalid(param, 'Metadata can have at most 50 keys.');
    for (const [k, v] of entries) {
      if (typeof v !== 'string') throw fail.invalid(`${param}[${k}]`, `Invalid string: metadata values must be strings`, 'parameter_invalid_string');
      if (k.length > 40) throw fail.invalid(`${param}[${k}]`, 'Metadata keys can be at most 40 characters long.');
      if (v.length > 500) throw fail.invalid(`${param}[${k}]`, 'Metadata values can be at most 500 characters long.');
    }
    return Object.fromEntries(entries.filter(([, v]) => v !== '')) as Record<string, string>;
  }

  /** Refuses any parameter of this level that no reader asked for. */
  done(): void {
    for (const key of Object.keys(this.params)) if (!this.seen.has(key)) throw fail.unknown(this.name(key));
  }
}

/** A list's `limit`, `starting_after`, `ending_before`, as Stripe reads them. */
export function pageParams(reader: ParamReader) {
  return {
    limit: reader.int('limit', { min: 1, max: 100 }) ?? 10,
    startingAfter: reader.str('starting_after'),
    endingBefore: reader.str('ending_before'),
  };
}
