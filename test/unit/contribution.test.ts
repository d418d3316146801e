// Merging events into an order's state (shared/orders/contribution.ts): a join, so any order of
// deliveries ends in the same state; ties in updated_at never drop a newer state.
import { attributeLine } from '#shared/orders/attribution';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { contributionOf, emptyOrderState, mergeEvent } from '#shared/orders/contribution';
import type { OrderEvent, OrderState } from '#shared/orders/contribution';
import { SAMPLE_CATALOG, sampleProductId } from '#shared/catalog/seed-data';
import { normalizeOrder, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { orderPayload } from '#shared/orders/shopify-payloads';

const index = indexCatalog(SAMPLE_CATALOG);
const attribute = (line: Parameters<typeof attributeLine>[0]) => attributeLine(line, index);
const options = { countTestOrders: false, hashEmail: (e: string) => `h-${e}`, aliasOf: (k: string) => `Fan ${k.length}` };
const line = { id: '11', productId: sampleProductId(1, 1), title: 'Marcus Reed - Card #1', quantity: 1, price: '3.00' };
const orderEvent = (extra: Partial<Parameters<typeof orderPayload>[0]>): OrderEvent => ({
  kind: 'order',
  order: normalizeOrder(
    parseJsonPreservingBigInts(orderPayload({ id: '9007199254740993', createdAt: '2026-03-01T10:00:00Z', email: 'fan@example.com', lines: [line], ...extra })),
  ),
});

function apply(events: OrderEvent[]): OrderState {
  let state = emptyOrderState();
  for (const e of events) {
    const merged = mergeEvent(state, e, attribute);
    if (merged.kind === 'changed') state = merged.state;
  }
  return state;
}

describe('mergeEvent', () => {
  it('counts an orders/paid that shares its second with the pending orders/create, in either order', () => {
    const created = orderEvent({ financialStatus: 'pending' });
    const paid = orderEvent({ financialStatus: 'paid' });
    for (const events of [
      [created, paid],
      [paid, created],
    ]) {
      const c = contributionOf(apply(events), options);
      expect(c?.counted).toBe(true);
      expect(c?.athletes[0].units).toBe(1);
    }
  });

  it('lets a same-second cancellation win over the paid state', () => {
    const paid = orderEvent({ financialStatus: 'paid' });
    const cancelled = orderEvent({ financialStatus: 'voided', cancelledAt: '2026-03-01T10:00:00Z' });
    expect(contributionOf(apply([cancelled, paid]), options)?.counted).toBe(false);
  });

  it('makes a deletion final: the order contributes nothing, and later deliveries change nothing', () => {
    const paid = orderEvent({});
    const deleted: OrderEvent = { kind: 'delete', orderId: '9007199254740993', at: '2026-04-01T00:00:00.000Z' };
    const late = orderEvent({ updatedAt: '2026-05-01T00:00:00Z' });
    expect(contributionOf(apply([paid, deleted, late]), options)).toBeNull();
    expect(contributionOf(apply([deleted, paid]), options)).toBeNull();
    expect(mergeEvent(apply([deleted]), deleted, attribute).kind).toBe('unchanged');
  });

  it("keeps a line's attribution from its first sight, whatever the catalog becomes", () => {
    const state = apply([orderEvent({})]);
    const emptyCatalog = indexCatalog({ athletes: [], collectives: [] });
    const merged = mergeEvent(state, orderEvent({ updatedAt: '2026-03-02T00:00:00Z' }), (l) => attributeLine(l, emptyCatalog));
    expect(merged.kind === 'changed' && merged.state.lines['11']).toEqual({ kind: 'card', athleteId: 1, cardId: 1, via: 'product' });
  });

  it('assigns only unattributed lines of the assigning school', () => {
    const state = apply([
      orderEvent({ lines: [{ id: '12', productId: '999', title: 'Mystery pack', quantity: 1, price: '3.00', vendor: 'Drift State University' }, line] }),
    ]);
    const assign = (lineItemId: string, schoolId: number): OrderEvent => ({
      kind: 'assign',
      orderId: '9007199254740993',
      lineItemId,
      athleteId: 1,
      cardId: 2,
      schoolId,
      at: '2026-03-05T00:00:00.000Z',
      by: 'user-1',
    });
    expect(mergeEvent(state, assign('12', 3), attribute)).toEqual({ kind: 'refused', reason: 'other_school' });
    expect(mergeEvent(state, assign('11', 2), attribute)).toEqual({ kind: 'refused', reason: 'not_unattributed' });
    expect(mergeEvent(state, assign('404', 2), attribute)).toEqual({ kind: 'refused', reason: 'unknown_line' });
    const assigned = mergeEvent(state, assign('12', 2), attribute);
    expect(assigned.kind).toBe('changed');
    if (assigned.kind !== 'changed') return;
    expect(assigned.state.lines['12']).toMatchObject({ kind: 'card', athleteId: 1, cardId: 2, via: 'assigned', assignedBy: 'user-1' });
    expect(mergeEvent(assigned.state, assign('12', 2), attribute).kind).toBe('unchanged');
  });
});

describe('redaction (a buyer removed for privacy)', () => {
  const pseudonym = 'redacted+0a1b2c3d4e5f60718293@redacted.invalid';
  const redact: OrderEvent = { kind: 'redact', orderId: '9007199254740993', pseudonym, at: '2026-06-01T00:00:00.000Z', by: 'shopify:customers/redact' };
  const figures = (state: OrderState) => {
    const c = contributionOf(state, options)!;
    return { counted: c.counted, status: c.status, athletes: c.athletes, unattributed: c.unattributed };
  };

  it('replaces the email with the pseudonym and keeps every figure', () => {
    const paid = orderEvent({});
    const before = apply([paid]);
    const after = apply([paid, redact]);
    expect(after.order?.email).toBe(pseudonym);
    expect(JSON.stringify(after)).not.toContain('fan@example.com');
    expect(figures(after)).toEqual(figures(before));
    const c = contributionOf(after, options)!;
    expect(c.buyerKey).toBe(`h-${pseudonym}`);
    expect(c.buyerLabel).toBe('Former customer');
  });

  it('keeps the pseudonym when a later delivery still carries the email, in any order', () => {
    const paid = orderEvent({});
    const late = orderEvent({ updatedAt: '2026-07-01T00:00:00Z', financialStatus: 'partially_refunded' });
    for (const events of [
      [paid, redact, late],
      [redact, paid, late],
      [paid, late, redact],
      [late, redact, paid],
    ]) {
      const state = apply(events);
      expect(state.order?.email).toBe(pseudonym);
      expect(state.order?.financialStatus).toBe('partially_refunded');
    }
  });

  it('stands once: a repeat or another request changes nothing; a guest order stays a guest', () => {
    const state = apply([orderEvent({}), redact]);
    expect(mergeEvent(state, redact, attribute).kind).toBe('unchanged');
    expect(mergeEvent(state, { ...redact, pseudonym: 'redacted+ffffffffffffffffffff@redacted.invalid' }, attribute).kind).toBe('unchanged');
    const guest = apply([orderEvent({ email: null }), redact]);
    expect(guest.order?.email).toBeNull();
    expect(guest.redaction?.pseudonym).toBe(pseudonym);
  });
});
