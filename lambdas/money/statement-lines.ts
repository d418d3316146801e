// A statement's lines as the athlete reads them (docs/decisions/0016): each ledger entry with the
// order it records, for sales and their reversals: the order's date (the entry's own time is when
// it was settled) and the cards of the athlete's part of it, from the order's applied snapshot for
// the athlete (one BatchGet of the page's orders: a page costs what it shows). The CSV reads the
// whole period page by page, up to STATEMENT_CSV_MAX_LINES lines.
import type { LedgerEntry } from '#shared/money/ledger';
import type { Statement, StatementLine } from '#shared/money/payouts-api';
import { STATEMENT_CSV_MAX_LINES, STATEMENT_MAX_PAGE_LINES } from '#shared/money/payouts-api';
import { athleteGroupId } from '#shared/orders/contribution';
import { HttpError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString, type Item, type Store } from '#lambdas/platform/store';
import { statement } from './payouts';

/** BatchGetItem takes at most 100 keys a request. */
const BATCH_KEYS = 100;

/** The card ids of an order's applied snapshot for one athlete: the counted cards and every line's card (a refunded line keeps its record). */
function cardIdsOf(applied: Item | undefined): number[] {
  if (!applied) return [];
  const ids = new Set<number>();
  for (const [id, units] of Object.entries((applied.cards as Record<string, number> | undefined) ?? {})) if (Number(units) !== 0) ids.add(Number(id));
  for (const line of Object.values((applied.lines as Record<string, { cardId?: number }> | undefined) ?? {}))
    if (line?.cardId !== undefined) ids.add(Number(line.cardId));
  ids.delete(0);
  return [...ids].sort((a, b) => a - b);
}

/** The entries with their orders' dates and cards (named by `cardNames`, else 'Card {id}'). */
export async function statementLines(
  store: Store,
  athleteId: number,
  entries: readonly LedgerEntry[],
  cardNames: ReadonlyMap<number, string>,
): Promise<StatementLine[]> {
  const group = athleteGroupId(athleteId);
  const orderIds = [...new Set(entries.flatMap((e) => (e.orderId ? [e.orderId] : [])))];
  const applied = new Map<string, Item>();
  for (let i = 0; i < orderIds.length; i += BATCH_KEYS) {
    const found = await store.get(orderIds.slice(i, i + BATCH_KEYS).map((id) => keys.appliedGroup(id, group)));
    for (const [key, item] of found) applied.set(key, item);
  }
  return entries.map(({ PK: _pk, SK: _sk, type: _type, ...entry }: LedgerEntry & { PK?: unknown; SK?: unknown; type?: unknown }) => {
    const snapshot = entry.orderId ? applied.get(keyString(keys.appliedGroup(entry.orderId, group))) : undefined;
    const meta = snapshot?.meta as { createdAt?: string } | null | undefined;
    return {
      ...entry,
      orderDate: entry.orderId ? (meta?.createdAt ?? null) : null,
      cards: cardIdsOf(snapshot).map((id) => cardNames.get(id) ?? `Card ${id}`),
    };
  });
}

/** The whole period for the CSV: every page, its lines with their orders; 413 past the cap. */
export async function wholeStatement(
  store: Store,
  athleteId: number,
  from: string,
  to: string,
  cardNames: ReadonlyMap<number, string>,
): Promise<Omit<Statement, 'entries'> & { entries: StatementLine[] }> {
  const first = await statement(store, athleteId, from, to, { limit: STATEMENT_MAX_PAGE_LINES });
  const entries = [...first.entries];
  let after = first.nextAfter;
  while (after) {
    if (entries.length >= STATEMENT_CSV_MAX_LINES)
      throw new HttpError(413, 'too_large', `This period holds more than ${STATEMENT_CSV_MAX_LINES.toLocaleString('en-US')} lines: download a shorter period`);
    const page = await statement(store, athleteId, from, to, { after, limit: STATEMENT_MAX_PAGE_LINES });
    entries.push(...page.entries);
    after = page.nextAfter;
  }
  return { ...first, entries: await statementLines(store, athleteId, entries, cardNames), nextAfter: null };
}
