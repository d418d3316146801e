// The stand-in's state: every Stripe object by id with the account it lives on (null: the platform),
// balances, idempotent results, account links, webhook deliveries and scheduled work (payouts).
// In memory, written to a JSON file when one is given (coalesced, atomic rename) and read back on
// start, so local mode's Stripe survives a restart as its table does.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fail } from './form';

/** A connected account's id, or null for the platform account. */
export type Owner = string | null;

export interface StripeObj {
  id: string;
  object: string;
  created: number;
  [field: string]: unknown;
}

interface Entry {
  owner: Owner;
  seq: number;
  value: StripeObj;
}

export interface IdempotentResult {
  method: string;
  path: string;
  params: string;
  status: number;
  body: string;
  requestId: string;
  at: number;
}

export interface AccountLinkRecord {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  /** Unix seconds. */
  expiresAt: number;
  /** The first visit (ms): the link is then spent, and its form accepts one submission with `nonce`. */
  openedAt?: number;
  nonce?: string;
  completedAt?: number;
}

export interface DeliveryAttempt {
  at: number;
  status?: number;
  error?: string;
}

export interface DeliveryRecord {
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (ms), while pending. */
  nextAt?: number;
}

export interface Task {
  id: string;
  kind: 'payout_create' | 'payout_settle';
  dueAt: number;
  ref: string;
}

interface State {
  version: 1;
  seq: number;
  objects: Record<string, Entry>;
  balances: Record<string, { available: number; pending: number }>;
  idempotency: Record<string, IdempotentResult>;
  links: Record<string, AccountLinkRecord>;
  deliveries: Record<string, DeliveryRecord>;
  tasks: Record<string, Task>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

export interface Page {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

export interface StripeList {
  object: 'list';
  data: StripeObj[];
  has_more: boolean;
  url: string;
}

export class Store {
  private state: State;
  private saveTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly dataFile: string | undefined,
    startingBalance: number,
    private readonly now: () => number,
  ) {
    const fresh: State = { version: 1, seq: 0, objects: {}, balances: {}, idempotency: {}, links: {}, deliveries: {}, tasks: {} };
    this.state = dataFile && existsSync(dataFile) ? { ...fresh, ...(JSON.parse(readFileSync(dataFile, 'utf8')) as State) } : fresh;
    this.state.balances.platform ??= { available: startingBalance, pending: 0 };
  }

  /** Unix seconds of the stand-in's clock. */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  newId(prefix: string, length = 24): string {
    const bytes = randomBytes(length);
    return prefix + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  }

  /** Stores a new object (or re-stores a changed one) on its account. */
  put<T extends StripeObj>(owner: Owner, value: T): T {
    const existing = this.state.objects[value.id];
    this.state.objects[value.id] = { owner, seq: existing?.seq ?? ++this.state.seq, value };
    this.changed();
    return value;
  }

  get(id: string): { owner: Owner; value: StripeObj } | undefined {
    return this.state.objects[id];
  }

  /** The object of that kind on that account, or Stripe's 404 (another account's object is "no such"). */
  find<T extends StripeObj = StripeObj>(id: string, object: string, owner: Owner, label = object.replace(/_/g, ' '), param = 'id'): T {
    const entry = this.state.objects[id];
    if (!entry || entry.value.object !== object || entry.owner !== owner) throw fail.notFound(label, id, param);
    return entry.value as T;
  }

  list(object: string, owner: Owner, url: string, page: Page, filter: (value: StripeObj) => boolean = () => true): StripeList {
    const all = Object.values(this.state.objects)
      .filter((e) => e.value.object === object && e.owner === owner && filter(e.value))
      .sort((a, b) => b.seq - a.seq)
      .map((e) => e.value);
    const position = (id: string, param: string) => {
      const i = all.findIndex((v) => v.id === id);
      if (i < 0) throw fail.notFound(object.replace(/_/g, ' '), id, param);
      return i;
    };
    if (page.endingBefore) {
      const end = position(page.endingBefore, 'ending_before');
      const start = Math.max(0, end - page.limit);
      return { object: 'list', data: all.slice(start, end).map((v) => this.render(v)), has_more: start > 0, url };
    }
    const start = page.startingAfter ? position(page.startingAfter, 'starting_after') + 1 : 0;
    return { object: 'list', data: all.slice(start, start + page.limit).map((v) => this.render(v)), has_more: start + page.limit < all.length, url };
  }

  /** A list of given objects, as Stripe embeds them (external accounts, reversals, refunds). */
  embeddedList(ids: string[], url: string): StripeList {
    const data = ids.map((id) => this.state.objects[id]?.value).filter((v): v is StripeObj => !!v);
    return { object: 'list', data: data.map((v) => this.render(v)), has_more: false, url, total_count: data.length } as StripeList;
  }

  /**
   * The object as the API answers it: a copy without internal fields (named `_...`), its embedded
   * lists filled in (`_lists`: ids of other objects; `included` ones always, as Stripe always embeds
   * a transfer's reversals, the others only when expanded, as a session's line_items), and each
   * `expand` path applied (an id replaced by its object). Paths that name nothing expandable are
   * left as they are.
   */
  render(value: StripeObj, expand: string[] = []): StripeObj {
    const out = strip(value) as StripeObj;
    for (const [field, list] of Object.entries(listsOf(value))) if (list.included) out[field] = this.embeddedList(list.ids, list.url);
    for (const pathText of expand) this.expandInto(out, value, pathText.split('.'));
    return out;
  }

  private expandInto(target: Record<string, unknown>, source: StripeObj | undefined, [head, ...rest]: string[]): void {
    if (target.object === 'list' && head === 'data' && Array.isArray(target.data)) {
      for (const item of target.data as Array<Record<string, unknown>>) if (rest.length) this.expandInto(item, this.get(String(item.id))?.value, rest);
      return;
    }
    const list = source ? listsOf(source)[head] : undefined;
    if (list) target[head] = this.embeddedList(list.ids, list.url);
    const value = target[head];
    const referenced = typeof value === 'string' ? this.state.objects[value]?.value : undefined;
    if (referenced) target[head] = this.render(referenced);
    const next = target[head];
    if (rest.length && next && typeof next === 'object') this.expandInto(next as Record<string, unknown>, referenced ?? source, rest);
  }

  balance(owner: Owner): { available: number; pending: number } {
    const key = owner ?? 'platform';
    this.state.balances[key] ??= { available: 0, pending: 0 };
    return this.state.balances[key];
  }

  moveBalance(owner: Owner, field: 'available' | 'pending', amount: number): void {
    this.balance(owner)[field] += amount;
    this.changed();
  }

  idempotent(scope: string): IdempotentResult | undefined {
    const record = this.state.idempotency[scope];
    if (record && this.now() - record.at > IDEMPOTENCY_TTL_MS) {
      delete this.state.idempotency[scope];
      return undefined;
    }
    return record;
  }

  /** Keeps a key's first result (for 24 hours of the stand-in's clock). */
  remember(scope: string, result: Omit<IdempotentResult, 'at'>): void {
    const cutoff = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, record] of Object.entries(this.state.idempotency)) if (record.at < cutoff) delete this.state.idempotency[key];
    this.state.idempotency[scope] = { ...result, at: this.now() };
    this.changed();
  }

  get links(): Record<string, AccountLinkRecord> {
    return this.state.links;
  }

  get deliveries(): Record<string, DeliveryRecord> {
    return this.state.deliveries;
  }

  get tasks(): Record<string, Task> {
    return this.state.tasks;
  }

  /** Every object of a kind, oldest first (events for tests, tasks on start). */
  all(object: string): Array<{ owner: Owner; value: StripeObj }> {
    return Object.values(this.state.objects)
      .filter((e) => e.value.object === object)
      .sort((a, b) => a.seq - b.seq);
  }

  /** Schedules a write of the data file (coalesced); call flush() to write now. */
  changed(): void {
    if (!this.dataFile || this.saveTimer || this.closed) return;
    this.saveTimer = setTimeout(() => this.flush(), 25);
    this.saveTimer.unref();
  }

  /** Writes the data file a last time; later changes (a delivery still under way) stay in memory. */
  close(): void {
    this.flush();
    this.closed = true;
  }

  flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.dataFile) return;
    mkdirSync(path.dirname(this.dataFile), { recursive: true });
    const temporary = `${this.dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state), { mode: 0o600 });
    renameSync(temporary, this.dataFile);
  }
}

export interface EmbeddedList {
  ids: string[];
  url: string;
  /** Always in the object (else only when expanded). */
  included?: boolean;
}

/** The lists an object embeds, kept as ids in its internal `_lists` field. */
export function listsOf(value: StripeObj): Record<string, EmbeddedList> {
  return (value._lists as Record<string, EmbeddedList> | undefined) ?? {};
}

/** A deep copy without internal (`_`-prefixed) fields. */
export function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('_'))
      .map(([key, v]) => [key, strip(v)]),
  );
}
