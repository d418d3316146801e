// The memory store's reading of DynamoDB's expression language: the subset the repositories write
// (test/integration/store.test.ts runs the same writes on DynamoDB Local and in memory and
// compares the results). Anything outside it throws, never guesses.
//
// Paths: `name`, `#alias`, `a.b`, `a[2]`. Operands: a path, a `:value`.
// Updates: SET path = operand | if_not_exists(path, operand) | list_append(operand, operand);
//          REMOVE path (a map key or a list element); ADD path :number | :set; DELETE path :set.
// Conditions: attribute_exists(path), attribute_not_exists(path), contains(path, operand),
//          begins_with(path, operand), operand (= | <> | < | <= | > | >=) operand, NOT, AND, OR, ( ).
import type { Item } from './store';

type Names = Record<string, string> | undefined;
type Values = Record<string, unknown> | undefined;
type Segment = string | number;
type Operand = { path: Segment[] } | { value: string } | { fn: 'if_not_exists' | 'list_append'; args: Operand[] };
type Cond =
  | { op: 'and' | 'or'; left: Cond; right: Cond }
  | { op: 'not'; inner: Cond }
  | { op: 'exists' | 'notExists'; path: Segment[] }
  | { op: 'contains' | 'beginsWith'; path: Segment[]; operand: Operand }
  | { op: '=' | '<>' | '<' | '<=' | '>' | '>='; left: Operand; right: Operand };
type Action =
  { kind: 'SET'; path: Segment[]; operand: Operand } | { kind: 'REMOVE'; path: Segment[] } | { kind: 'ADD' | 'DELETE'; path: Segment[]; value: string };

/** DynamoDB's refusal of an update it cannot apply (a missing parent, a wrong type). */
export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationException';
  }
}

/** A Set of any realm (structuredClone's, in jest, is not this realm's). */
const isSet = (value: unknown): value is Set<unknown> => Object.prototype.toString.call(value) === '[object Set]';

const TOKEN = /\s*(<>|<=|>=|[()[\],.=<>]|[#:]?[A-Za-z_][A-Za-z0-9_]*|\d+)/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`memory store: cannot read "${text}" at ${at}`);
    tokens.push(match[1]);
  }
  return tokens;
}

class Reader {
  private i = 0;
  constructor(
    private readonly tokens: string[],
    private readonly names: Names,
    private readonly text: string,
  ) {}
  peek = (): string | undefined => this.tokens[this.i];
  next = (): string => {
    const token = this.tokens[this.i++];
    if (token === undefined) throw new Error(`memory store: "${this.text}" ends too early`);
    return token;
  };
  take(expected: string): void {
    const token = this.next();
    if (token.toUpperCase() !== expected) throw new Error(`memory store: expected ${expected}, found ${token} in "${this.text}"`);
  }
  isAt = (word: string) => this.peek()?.toUpperCase() === word;
  done = () => this.i >= this.tokens.length;

  name(token: string): string {
    if (!token.startsWith('#')) return token;
    const name = this.names?.[token];
    if (name === undefined) throw new Error(`memory store: ${token} is not in the names of "${this.text}"`);
    return name;
  }

  path(): Segment[] {
    const path: Segment[] = [this.name(this.next())];
    for (;;) {
      if (this.peek() === '.') {
        this.next();
        path.push(this.name(this.next()));
      } else if (this.peek() === '[') {
        this.next();
        path.push(Number(this.next()));
        this.take(']');
      } else return path;
    }
  }

  operand(): Operand {
    const token = this.peek() ?? '';
    if (token.startsWith(':')) return { value: this.next() };
    const fn = token.toLowerCase();
    if ((fn === 'if_not_exists' || fn === 'list_append') && this.tokens[this.i + 1] === '(') {
      this.next();
      this.take('(');
      const args = [this.operand()];
      this.take(',');
      args.push(this.operand());
      this.take(')');
      return { fn, args };
    }
    return { path: this.path() };
  }

  condition(): Cond {
    let left = this.conjunction();
    while (this.isAt('OR')) {
      this.next();
      left = { op: 'or', left, right: this.conjunction() };
    }
    return left;
  }

  private conjunction(): Cond {
    let left = this.negation();
    while (this.isAt('AND')) {
      this.next();
      left = { op: 'and', left, right: this.negation() };
    }
    return left;
  }

  private negation(): Cond {
    if (this.isAt('NOT')) {
      this.next();
      return { op: 'not', inner: this.negation() };
    }
    if (this.peek() === '(') {
      this.next();
      const inner = this.condition();
      this.take(')');
      return inner;
    }
    const fn = this.peek()?.toLowerCase();
    if (this.tokens[this.i + 1] === '(' && (fn === 'attribute_exists' || fn === 'attribute_not_exists' || fn === 'contains' || fn === 'begins_with')) {
      this.next();
      this.take('(');
      const path = this.path();
      if (fn === 'attribute_exists' || fn === 'attribute_not_exists') {
        this.take(')');
        return { op: fn === 'attribute_exists' ? 'exists' : 'notExists', path };
      }
      this.take(',');
      const operand = this.operand();
      this.take(')');
      return { op: fn === 'contains' ? 'contains' : 'beginsWith', path, operand };
    }
    const left = this.operand();
    const op = this.next();
    if (!['=', '<>', '<', '<=', '>', '>='].includes(op)) throw new Error(`memory store: unsupported comparison ${op} in "${this.text}"`);
    return { op: op as '=', left, right: this.operand() };
  }

  actions(): Action[] {
    const actions: Action[] = [];
    while (!this.done()) {
      const kind = this.next().toUpperCase();
      if (kind !== 'SET' && kind !== 'REMOVE' && kind !== 'ADD' && kind !== 'DELETE')
        throw new Error(`memory store: unsupported clause ${kind} in "${this.text}"`);
      let first = true;
      do {
        if (!first) this.take(',');
        first = false;
        const path = this.path();
        if (kind === 'SET') {
          this.take('=');
          actions.push({ kind, path, operand: this.operand() });
        } else if (kind === 'REMOVE') actions.push({ kind, path });
        else {
          const value = this.next();
          if (!value.startsWith(':')) throw new Error(`memory store: ${kind} takes a value, found ${value} in "${this.text}"`);
          actions.push({ kind, path, value });
        }
      } while (this.peek() === ',');
    }
    return actions;
  }
}

const parsedConditions = new Map<string, Cond>();
const parsedUpdates = new Map<string, Action[]>();

// Parses are cached by text and names (the same few expressions come back on every write).
function parse<T>(cache: Map<string, T>, text: string, names: Names, read: (r: Reader) => T): T {
  const id = `${text}\u0000${JSON.stringify(names ?? {})}`;
  let parsed = cache.get(id);
  if (!parsed) {
    const reader = new Reader(tokenize(text), names, text);
    parsed = read(reader);
    if (!reader.done()) throw new Error(`memory store: unexpected ${reader.peek()} in "${text}"`);
    cache.set(id, parsed);
  }
  return parsed;
}

function at(item: unknown, path: Segment[]): unknown {
  let value = item;
  for (const segment of path) {
    if (typeof segment === 'number') value = Array.isArray(value) ? value[segment] : undefined;
    else value = value !== null && typeof value === 'object' && !Array.isArray(value) && !isSet(value) ? (value as Item)[segment] : undefined;
    if (value === undefined) return undefined;
  }
  return value;
}

function valueOf(operand: Operand, item: Item | undefined, values: Values): unknown {
  if ('value' in operand) {
    if (!values || !(operand.value in values)) throw new Error(`memory store: ${operand.value} has no value`);
    return values[operand.value];
  }
  if ('path' in operand) return at(item, operand.path);
  if (operand.fn === 'if_not_exists') {
    const [path, fallback] = operand.args;
    if (!('path' in path)) throw new Error('memory store: if_not_exists takes a path first');
    return at(item, path.path) ?? valueOf(fallback, item, values);
  }
  const [a, b] = operand.args.map((arg) => valueOf(arg, item, values));
  if (!Array.isArray(a) || !Array.isArray(b)) throw new ExpressionError('list_append takes two lists');
  return [...a, ...b];
}

/** DynamoDB's equality: by value, for numbers, strings, booleans, lists, maps and sets. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isSet(a) && isSet(b)) return a.size === b.size && [...a].every((x) => b.has(x));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b) && !isSet(a) && !isSet(b)) {
    const ka = Object.keys(a).filter((k) => (a as Item)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Item)[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameValue((a as Item)[k], (b as Item)[k]));
  }
  return a === b;
}

function ordered(a: unknown, b: unknown, op: '<' | '<=' | '>' | '>='): boolean {
  if (!((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))) return false;
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

function holdsParsed(c: Cond, item: Item | undefined, values: Values): boolean {
  switch (c.op) {
    case 'and':
      return holdsParsed(c.left, item, values) && holdsParsed(c.right, item, values);
    case 'or':
      return holdsParsed(c.left, item, values) || holdsParsed(c.right, item, values);
    case 'not':
      return !holdsParsed(c.inner, item, values);
    case 'exists':
      return at(item, c.path) !== undefined;
    case 'notExists':
      return at(item, c.path) === undefined;
    case 'contains': {
      const v = at(item, c.path);
      const wanted = valueOf(c.operand, item, values);
      if (typeof v === 'string') return typeof wanted === 'string' && v.includes(wanted);
      if (isSet(v)) return v.has(wanted);
      if (Array.isArray(v)) return v.some((x) => sameValue(x, wanted));
      return false;
    }
    case 'beginsWith': {
      const v = at(item, c.path);
      const prefix = valueOf(c.operand, item, values);
      return typeof v === 'string' && typeof prefix === 'string' && v.startsWith(prefix);
    }
    default: {
      const a = valueOf(c.left, item, values);
      const b = valueOf(c.right, item, values);
      if (c.op === '=') return a !== undefined && b !== undefined && sameValue(a, b);
      if (c.op === '<>') return !(a !== undefined && b !== undefined && sameValue(a, b));
      if (a === undefined || b === undefined) return false;
      return ordered(a, b, c.op);
    }
  }
}

/** Whether a ConditionExpression holds on `item` (undefined: the item is absent). */
export function conditionHolds(expression: string, names: Names, values: Values, item: Item | undefined): boolean {
  return holdsParsed(
    parse(parsedConditions, expression, names, (r) => r.condition()),
    item,
    values,
  );
}

function parentOf(item: Item, path: Segment[], action: string): Item | unknown[] {
  const parent = path.length === 1 ? item : at(item, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object' || isSet(parent))
    throw new ExpressionError(`The document path provided in the update expression is invalid for update (${action} ${path.join('.')})`);
  return parent as Item | unknown[];
}

function place(item: Item, path: Segment[], value: unknown): void {
  const parent = parentOf(item, path, 'SET');
  const last = path[path.length - 1];
  if (Array.isArray(parent)) {
    if (typeof last !== 'number') throw new ExpressionError('a list is indexed by a number');
    if (last >= parent.length) parent.push(value);
    else parent[last] = value;
  } else {
    if (typeof last !== 'string') throw new ExpressionError('a map is indexed by a name');
    parent[last] = value;
  }
}

/** `item` after the UpdateExpression (a new object; `item` is left as it was). */
export function applyUpdate(expression: string, names: Names, values: Values, key: { PK: string; SK: string }, before: Item | undefined): Item {
  const actions = parse(parsedUpdates, expression, names, (r) => r.actions());
  const item: Item = structuredClone(before ?? { PK: key.PK, SK: key.SK });
  // Every operand reads the item as it was before the update, as in DynamoDB.
  const operands = actions.map((a) => (a.kind === 'SET' ? structuredClone(valueOf(a.operand, before, values)) : undefined));
  const removals: Array<{ path: Segment[] }> = [];
  actions.forEach((action, i) => {
    if (action.kind === 'SET') place(item, action.path, operands[i]);
    else if (action.kind === 'REMOVE') removals.push(action);
    else {
      const value = values?.[action.value];
      const current = at(item, action.path);
      if (action.kind === 'ADD' && typeof value === 'number') {
        if (current !== undefined && typeof current !== 'number') throw new ExpressionError('ADD of a number to a field that holds no number');
        place(item, action.path, Number(current ?? 0) + value);
      } else if (isSet(value)) {
        if (current !== undefined && !isSet(current)) throw new ExpressionError(`${action.kind} of a set to a field that holds no set`);
        const next = new Set(current as Set<unknown> | undefined);
        for (const v of value)
          if (action.kind === 'ADD') next.add(v);
          else next.delete(v);
        // DynamoDB keeps no empty set: the attribute goes.
        if (next.size) place(item, action.path, next);
        else if (current !== undefined) removals.push({ path: action.path });
      } else throw new ExpressionError(`${action.kind} takes a number or a set`);
    }
  });
  // List elements go from the last index down, so earlier indexes still name what was read.
  removals.sort((a, b) => Number(b.path[b.path.length - 1]) - Number(a.path[a.path.length - 1]) || 0);
  for (const { path } of removals) {
    const parent = path.length === 1 ? item : at(item, path.slice(0, -1));
    if (parent === undefined || parent === null || typeof parent !== 'object') continue;
    const last = path[path.length - 1];
    if (Array.isArray(parent)) {
      if (typeof last === 'number' && last < parent.length) parent.splice(last, 1);
    } else delete (parent as Item)[last as string];
  }
  return item;
}
