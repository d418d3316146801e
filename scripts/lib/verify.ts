// Recomputes every figure from the stored orders and compares it with the pre-aggregated items.
// A full-table Scan is fine here: this is an operator's tool, never a request path.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { aggregate, holdsAny, holdsFullSet, zeroFigures } from '../../shared/aggregation';
import type { SalesFigures } from '../../shared/aggregation';
import { indexCatalog } from '../../shared/catalog-types';
import { contributionOf } from '../../shared/contribution';
import type { OrderContribution, OrderState } from '../../shared/contribution';
import { loadCatalog } from '../../lambdas/common/catalog-repo';
import { config } from '../../lambdas/common/config';
import { ddb, tableName } from '../../lambdas/common/dynamodb';
import { hashEmail } from '../../lambdas/common/ingest';

export interface VerifyReport {
  orders: number;
  checked: number;
  differences: string[];
}

async function scanAll(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** JSON with sorted keys: DynamoDB maps do not keep key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

const same = (a: SalesFigures, b: SalesFigures) => a.cardsSold === b.cardsSold && a.revenueCents === b.revenueCents && a.orderCount === b.orderCount;
const show = (f: SalesFigures) => `${f.cardsSold} cards / ${f.revenueCents} cents / ${f.orderCount} orders`;
const figuresOfItem = (item: Record<string, unknown> | undefined): SalesFigures =>
  item ? { cardsSold: Number(item.cardsSold ?? 0), revenueCents: Number(item.revenueCents ?? 0), orderCount: Number(item.orderCount ?? 0) } : zeroFigures();

export async function verifyTable(): Promise<VerifyReport> {
  const items = await scanAll();
  const catalog = await loadCatalog({ fresh: true });
  const index = indexCatalog(catalog);
  const differences: string[] = [];
  let checked = 0;

  const orders = items.filter((i) => String(i.PK).startsWith('ORDER#'));
  const contributions: Array<OrderContribution | null> = [];
  for (const order of orders) {
    const stored = (order.contribution as OrderContribution | null) ?? null;
    const recomputed = contributionOf(order.state as OrderState, index, { countTestOrders: config().countTestOrders, hashEmail });
    contributions.push(recomputed);
    checked++;
    if (canonical(stored) !== canonical(recomputed)) differences.push(`order ${order.orderId}: stored contribution differs from a recomputation`);
  }
  const expected = aggregate(contributions);
  const byKey = new Map(items.map((i) => [`${i.PK}|${i.SK}`, i]));

  const athleteIds = new Set<number>([...expected.athletes.keys()]);
  for (const item of items) if (String(item.SK).startsWith('AGG#') || String(item.SK).startsWith('TOPFAN#')) athleteIds.add(Number(item.athleteId));
  for (const athleteId of athleteIds) {
    const want = expected.athletes.get(athleteId);
    const total = byKey.get(`ATHLETE#${athleteId}|AGG#TOTAL`);
    checked++;
    if (!same(figuresOfItem(total), want?.total ?? zeroFigures())) differences.push(`athlete ${athleteId} totals: stored ${show(figuresOfItem(total))}, recomputed ${show(want?.total ?? zeroFigures())}`);
    const months = new Set<string>([...(want?.months.keys() ?? [])]);
    for (const item of items) if (item.PK === `ATHLETE#${athleteId}` && String(item.SK).startsWith('AGG#M#')) months.add(String(item.month));
    for (const month of months) {
      checked++;
      const got = figuresOfItem(byKey.get(`ATHLETE#${athleteId}|AGG#M#${month}`));
      const exp = want?.months.get(month) ?? zeroFigures();
      if (!same(got, exp)) differences.push(`athlete ${athleteId} ${month}: stored ${show(got)}, recomputed ${show(exp)}`);
    }
    // Fans and Top Fans.
    const fans = [...expected.fans.values()].filter((f) => f.athleteId === athleteId);
    const cardIds = index.athleteById.get(athleteId)?.digitalcollectibles.map((c) => c.id) ?? [];
    const uniqueFans = fans.filter((f) => holdsAny(f.cards)).length;
    checked++;
    if (Number(total?.uniqueFans ?? 0) !== uniqueFans) differences.push(`athlete ${athleteId} unique fans: stored ${Number(total?.uniqueFans ?? 0)}, recomputed ${uniqueFans}`);
    const wantTop = fans.filter((f) => holdsFullSet(f.cards, cardIds)).map((f) => f.buyerKey).sort();
    const gotTop = items.filter((i) => i.PK === `ATHLETE#${athleteId}` && String(i.SK).startsWith('TOPFAN#')).map((i) => String(i.SK).slice(7)).sort();
    checked += 2;
    if (JSON.stringify(wantTop) !== JSON.stringify(gotTop)) differences.push(`athlete ${athleteId} top fans: stored ${gotTop.length}, recomputed ${wantTop.length}`);
    if (Number(total?.topFanCount ?? 0) !== wantTop.length) differences.push(`athlete ${athleteId} top fan count: stored ${Number(total?.topFanCount ?? 0)}, recomputed ${wantTop.length}`);
    for (const fan of fans) {
      checked++;
      const item = byKey.get(`ATHLETE#${athleteId}|FAN#${fan.buyerKey}`);
      const clean = (cards: Record<string, number>) => JSON.stringify(Object.entries(cards).filter(([, u]) => u !== 0).sort());
      if (clean((item?.cards as Record<string, number>) ?? {}) !== clean(fan.cards)) differences.push(`athlete ${athleteId} fan ${fan.buyerKey.slice(0, 8)}: holdings differ`);
    }
  }
  const unattributed = byKey.get('UNATTRIBUTED|AGG');
  checked++;
  if (Number(unattributed?.units ?? 0) !== expected.unattributed.units || Number(unattributed?.revenueCents ?? 0) !== expected.unattributed.revenueCents) {
    differences.push(`unattributed: stored ${Number(unattributed?.units ?? 0)} units / ${Number(unattributed?.revenueCents ?? 0)} cents, recomputed ${expected.unattributed.units} / ${expected.unattributed.revenueCents}`);
  }
  return { orders: orders.length, checked, differences };
}
