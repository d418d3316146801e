// Recomputes every figure from the stored orders and compares it with what ingestion wrote: the
// applied snapshot of each group, athlete totals, card counts, months, fans and Top Fans, the
// unattributed lists per school, sale lines, serial numbers, unlocks and the earnings ledger.
// A full-table Scan is fine here: this is an operator's tool, never a request path.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { aggregate, holdsAny, holdsFullSet, zeroFigures } from '#shared/orders/aggregation';
import type { SalesFigures } from '#shared/orders/aggregation';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { topFanSetsOf } from '#shared/cards/sets';
import type { CatalogIndex } from '#shared/catalog/catalog-types';
import { canonicalJson, contributionOf, groupOf, groupTargets } from '#shared/orders/contribution';
import type { ContributionOptions, OrderContribution } from '#shared/orders/contribution';
import type { SerialRange } from '#shared/cards/editions';
import { moveSerials, rangeCount, serialsOfLines } from '#shared/cards/editions';
import type { LedgerEntry } from '#shared/money/ledger';
import { checkEntries, headOf } from '#shared/money/ledger';
import { ledgerHeadOf } from '#lambdas/money/athlete-total';
import { orderOptions, recordedCountTestOrders } from '#lambdas/orders/ingest-core';
import { athleteShareCents } from '#shared/platform/money';
import { LISTED_UNATTRIBUTED_LINES } from '#shared/orders/settlement';
import type { AppliedAthleteGroup, AppliedUnattributedGroup } from '#shared/orders/settlement';
import { contributionOptions } from '#lambdas/identity/buyers';
import { catalogFromItems } from '#lambdas/catalog/catalog-items';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Key } from '#lambdas/platform/store';
import { decodeState } from '#lambdas/orders/order-codec';
import { requestCents } from '#lambdas/money/payouts';
import { activationPartOf, creditPartOf, providedOf, returnedSplit, reversedPartOf } from '#lambdas/money/provisions';
import { ACTIVE_PREFIX } from '#lambdas/payments/donation-records';
import { yearMonthOf } from '#shared/platform/months';
import type { AllocationRequestRecord } from '#lambdas/money/payouts';

export interface VerifyReport {
  orders: number;
  checked: number;
  differences: string[];
  /** Orders with effects not applied yet (a difference too, until the sweeper settles them). */
  pending: number;
  /** Deliveries parked for an operator (not differences: they were never counted). */
  parked: number;
  /**
   * How the stored test orders are counted. Each order is checked with the counting rule it was
   * first stored with (recorded on the order by the process that ingested it), whatever
   * COUNT_TEST_ORDERS says where verify runs; orders stored before the rule was recorded are
   * checked with `fallback` (this process's COUNT_TEST_ORDERS).
   */
  testOrders: { counted: number; notCounted: number; unrecorded: number; fallback: boolean };
}

type Item = Record<string, unknown>;

async function scanAll(): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const same = (a: SalesFigures, b: SalesFigures) => a.cardsSold === b.cardsSold && a.revenueCents === b.revenueCents && a.orderCount === b.orderCount;
const show = (f: SalesFigures) => `${f.cardsSold} cards / ${f.revenueCents} cents / ${f.orderCount} orders`;
const figuresOfItem = (item: Item | undefined): SalesFigures =>
  item ? { cardsSold: Number(item.cardsSold ?? 0), revenueCents: Number(item.revenueCents ?? 0), orderCount: Number(item.orderCount ?? 0) } : zeroFigures();
const nonZero = (cards: Record<string, number>) => canonicalJson(Object.fromEntries(Object.entries(cards).filter(([, u]) => Number(u) !== 0)));

export async function verifyTable(): Promise<VerifyReport> {
  const items = await scanAll();
  // The catalog comes from the same Scan: the figures are checked against the cards and
  // memberships stored beside them.
  return verifyItems(items, indexCatalog(catalogFromItems(items)), contributionOptions());
}

/** Checks a table's items (a Scan, or an in-memory store's items) against a recomputation. */
export function verifyItems(items: Item[], index: CatalogIndex, options: ContributionOptions): VerifyReport {
  const differences: string[] = [];
  let checked = 0;
  let pendingOrders = 0;
  const byKey = new Map(items.map((i) => [keyString(i as unknown as Key), i]));
  const family = (i: Item) => keys.familyOf(i as unknown as Key);
  const byPartition = new Map<string, Item[]>();
  for (const item of items) byPartition.set(String(item.PK), [...(byPartition.get(String(item.PK)) ?? []), item]);

  // Orders: each group's applied snapshot equals what the order's current version says.
  const orders = items.filter((i) => family(i) === 'order');
  const contributions: Array<OrderContribution | null> = [];
  const testOrders = { counted: 0, notCounted: 0, unrecorded: 0, fallback: options.countTestOrders };
  const appliedAthletes: Array<{ orderId: string; athleteId: number; applied: AppliedAthleteGroup; targetUnits: Map<string, number> }> = [];
  for (const order of orders) {
    const orderId = String(order.orderId);
    const pending = (order.pending as Set<string> | undefined) ?? new Set<string>();
    if (pending.size > 0) {
      pendingOrders++;
      differences.push(`order ${orderId}: ${pending.size} group(s) not applied yet (npm run settle finishes them)`);
    }
    // The rule the writer counted this order with, not the one of the shell verify runs in.
    const recorded = recordedCountTestOrders(order);
    const orderRule = orderOptions(options, recorded);
    const state = decodeState(order);
    if (state.order?.test) {
      if (recorded === null) testOrders.unrecorded++;
      else if (recorded) testOrders.counted++;
      else testOrders.notCounted++;
    }
    const contribution = contributionOf(state, orderRule);
    contributions.push(contribution);
    const targets = groupTargets(contribution);
    const applied = new Map(
      (byPartition.get(keys.order(orderId).PK) ?? []).filter((i) => family(i) === 'applied').map((i) => [keys.appliedGroupOf(String(i.SK))!, i]),
    );
    for (const groupId of new Set([...targets.keys(), ...applied.keys()])) {
      checked++;
      const group = groupOf(groupId);
      const target = targets.get(groupId);
      const got = applied.get(groupId);
      if (got && Number(got.version) > Number(order.version))
        differences.push(`order ${orderId} ${groupId}: applied version ${got.version} is newer than the order's ${order.version}`);
      if (!target || target.kind === 'athlete') {
        const a = got as unknown as AppliedAthleteGroup | undefined;
        const want =
          target?.kind === 'athlete'
            ? {
                units: target.athlete.units,
                revenueCents: target.athlete.revenueCents,
                cards: target.athlete.cards,
                listedUnits: target.athlete.listedUnits,
                listedCents: target.athlete.listedCents,
                meta: target.meta,
              }
            : null;
        const have =
          a && (a.meta || a.units || a.revenueCents)
            ? { units: a.units, revenueCents: a.revenueCents, cards: a.cards, listedUnits: a.listedUnits, listedCents: a.listedCents, meta: a.meta }
            : null;
        if (group?.kind === 'athlete' && canonicalJson(want) !== canonicalJson(have) && !pending.has(groupId))
          differences.push(`order ${orderId} ${groupId}: applied figures differ from a recomputation`);
        if (group?.kind === 'athlete' && a) {
          const units = new Map((target?.kind === 'athlete' ? target.athlete.lines : []).map((l) => [l.lineItemId, l.units]));
          appliedAthletes.push({ orderId, athleteId: group.athleteId, applied: a, targetUnits: units });
        }
      }
      if (group?.kind === 'unattributed') {
        const u = got as unknown as AppliedUnattributedGroup | undefined;
        const lines = target?.kind === 'unattributed' ? target.lines : [];
        const want = {
          units: lines.reduce((n, l) => n + l.units, 0),
          revenueCents: lines.reduce((n, l) => n + l.revenueCents, 0),
          lineCount: lines.length,
          lines: lines.slice(0, LISTED_UNATTRIBUTED_LINES),
        };
        const have = { units: u?.units ?? 0, revenueCents: u?.revenueCents ?? 0, lineCount: u?.lineCount ?? 0, lines: u?.lines ?? [] };
        if (canonicalJson(want) !== canonicalJson(have) && !pending.has(groupId))
          differences.push(`order ${orderId} ${groupId}: applied unattributed lines differ from a recomputation`);
      }
    }
  }
  const expected = aggregate(contributions);

  // Athletes: totals, cards, months, fans, Top Fans, sale lines.
  const athleteIds = new Set<number>([...expected.athletes.keys()]);
  for (const item of items) if (['aggTotal', 'aggMonth', 'topFan', 'sale'].includes(family(item))) athleteIds.add(keys.athleteIdOfPartition(String(item.PK))!);
  for (const athleteId of athleteIds) {
    const want = expected.athletes.get(athleteId);
    const total = byKey.get(keyString(keys.aggTotal(athleteId)));
    const partition = byPartition.get(keys.athletePartition(athleteId)) ?? [];
    checked += 2;
    if (!same(figuresOfItem(total), want?.total ?? zeroFigures()))
      differences.push(`athlete ${athleteId} totals: stored ${show(figuresOfItem(total))}, recomputed ${show(want?.total ?? zeroFigures())}`);
    if (nonZero((total?.cards as Record<string, number>) ?? {}) !== nonZero(want?.cards ?? {}))
      differences.push(`athlete ${athleteId} cards sold per card differ`);
    const months = new Set<string>([...(want?.months.keys() ?? [])]);
    for (const item of partition) if (family(item) === 'aggMonth') months.add(String(item.month));
    for (const month of months) {
      checked++;
      const got = figuresOfItem(byKey.get(keyString(keys.aggMonth(athleteId, month))));
      const exp = want?.months.get(month) ?? zeroFigures();
      if (!same(got, exp)) differences.push(`athlete ${athleteId} ${month}: stored ${show(got)}, recomputed ${show(exp)}`);
    }
    const fans = [...expected.fans.values()].filter((f) => f.athleteId === athleteId);
    const sets = topFanSetsOf(index.athleteById.get(athleteId));
    const uniqueFans = fans.filter((f) => holdsAny(f.cards)).length;
    checked++;
    if (Number(total?.uniqueFans ?? 0) !== uniqueFans)
      differences.push(`athlete ${athleteId} unique fans: stored ${Number(total?.uniqueFans ?? 0)}, recomputed ${uniqueFans}`);
    const wantTop = fans
      .filter((f) => sets.some((set) => holdsFullSet(f.cards, set)))
      .map((f) => f.buyerKey)
      .sort();
    const gotTop = partition
      .filter((i) => family(i) === 'topFan')
      .map((i) => keys.topFanBuyerOf(String(i.SK))!)
      .sort();
    checked += 2;
    if (JSON.stringify(wantTop) !== JSON.stringify(gotTop))
      differences.push(`athlete ${athleteId} top fans: stored ${gotTop.length}, recomputed ${wantTop.length}`);
    if (Number(total?.topFanCount ?? 0) !== wantTop.length)
      differences.push(`athlete ${athleteId} top fan count: stored ${Number(total?.topFanCount ?? 0)}, recomputed ${wantTop.length}`);
    for (const fan of fans) {
      checked++;
      const item = byKey.get(keyString(keys.fan(athleteId, fan.buyerKey)));
      if (nonZero((item?.cards as Record<string, number>) ?? {}) !== nonZero(fan.cards))
        differences.push(`athlete ${athleteId} fan ${fan.buyerAlias}: holdings differ`);
      // The fan's Top Fan flag is what its TOPFAN item says (My Collection's badge reads the flag).
      if (item && typeof item.top === 'boolean' && item.top !== gotTop.includes(fan.buyerKey))
        differences.push(`athlete ${athleteId} fan ${fan.buyerAlias}: Top Fan flag ${item.top}, TOPFAN item ${!item.top}`);
      // Its serials are the active serials of its orders' lines.
      const held = appliedAthletes
        .filter((a) => a.athleteId === athleteId && a.applied.meta?.buyerKey === fan.buyerKey)
        .reduce((acc, a) => moveSerials(acc, {}, serialsOfLines(a.applied.lines)), moveSerials({}, {}, {}));
      if (item && canonicalJson(held) !== canonicalJson((item.serials as Record<string, unknown>) ?? {}))
        differences.push(`athlete ${athleteId} fan ${fan.buyerAlias}: serials held differ from the orders' serials`);
    }
    // Sale lines: one per order with a part for this athlete, with what the order lists.
    const wantLines = new Map<string, { quantity: number; amountCents: number; status: string }>();
    for (const c of contributions) {
      const entry = c?.athletes.find((a) => a.athleteId === athleteId);
      if (c && entry)
        wantLines.set(keys.sale(athleteId, c.createdAt, c.orderId).SK, { quantity: entry.listedUnits, amountCents: entry.listedCents, status: c.status });
    }
    for (const item of partition.filter((i) => family(i) === 'sale')) {
      checked++;
      const w = wantLines.get(String(item.SK));
      if (!w) differences.push(`athlete ${athleteId} sale line ${item.orderId}: no order part recomputes it`);
      else if (w.quantity !== item.quantity || w.amountCents !== item.amountCents || w.status !== item.status)
        differences.push(
          `athlete ${athleteId} sale line ${item.orderId}: stored ${item.quantity} units / ${item.amountCents} cents / ${item.status}, recomputed ${w.quantity} / ${w.amountCents} / ${w.status}`,
        );
      wantLines.delete(String(item.SK));
    }
    for (const [sk] of wantLines) differences.push(`athlete ${athleteId}: sale line ${sk} is missing`);

    // The ledger: gapless sequence, every entry follows the rounding rule and carries the right
    // running totals, the stored head equals a replay, and the gross equals the figures.
    const entries = partition.filter((i) => family(i) === 'ledger').map((i) => i as unknown as LedgerEntry);
    for (const problem of checkEntries(entries)) differences.push(`athlete ${athleteId} ledger: ${problem}`);
    const replayed = headOf(entries);
    const storedHead = ledgerHeadOf(total?.ledger);
    checked += entries.length + 1;
    const revenue = want?.total.revenueCents ?? 0;
    if (replayed.grossCents !== revenue)
      differences.push(`athlete ${athleteId} ledger: entries sum to ${replayed.grossCents} cents gross, the figures to ${revenue}`);
    if (replayed.salesCents - replayed.reversalsCents !== athleteShareCents(revenue))
      differences.push(
        `athlete ${athleteId} ledger: shares sum to ${replayed.salesCents - replayed.reversalsCents}, 97% of ${revenue} is ${athleteShareCents(revenue)}`,
      );
    if (canonicalJson(replayed) !== canonicalJson(storedHead))
      differences.push(`athlete ${athleteId} ledger: the stored head differs from a replay of its ${entries.length} entries`);
    if (Number(total?.earnedCents ?? 0) !== replayed.salesCents - replayed.reversalsCents)
      differences.push(
        `athlete ${athleteId} ledger: earned ${total?.earnedCents ?? 0} on the total, ${replayed.salesCents - replayed.reversalsCents} in the entries`,
      );

    // Serials and unlocks.
    const issued = (total?.issued as Record<string, number>) ?? {};
    const oversold = (total?.oversold as Record<string, number>) ?? {};
    const unlockedAt = (total?.unlockedAt as Record<string, string>) ?? {};
    const athlete = index.athleteById.get(athleteId);
    const cardIds = new Set([...Object.keys(issued), ...(athlete?.digitalcollectibles.map((c) => String(c.id)) ?? [])]);
    for (const cardId of cardIds) {
      checked++;
      const ranges: SerialRange[] = [];
      let oversoldUnits = 0;
      for (const { orderId, applied, targetUnits } of appliedAthletes.filter((a) => a.athleteId === athleteId)) {
        for (const [lineItemId, line] of Object.entries(applied.lines ?? {})) {
          if (String(line.cardId) !== cardId) continue;
          ranges.push(...line.active, ...line.retired);
          oversoldUnits += line.oversold;
          const held = rangeCount(line.active) + line.oversold;
          const wantUnits = targetUnits.get(lineItemId) ?? 0;
          const lineCard = athlete?.digitalcollectibles.find((c) => c.id === line.cardId);
          // A numbered card (a limited edition or a moment drop): each counted unit holds a serial or is oversold.
          if (held !== wantUnits && line.cardId !== null && ((lineCard?.editionSize ?? null) !== null || Boolean(lineCard?.drop))) {
            differences.push(
              `athlete ${athleteId} card ${cardId} order ${orderId} line ${lineItemId}: holds ${held} units with serials or oversold, counts ${wantUnits}`,
            );
          }
        }
      }
      const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
      let next = 1;
      for (const [from, to] of sorted) {
        if (from !== next || to < from) {
          differences.push(
            `athlete ${athleteId} card ${cardId}: serials are not exactly 1..${issued[cardId] ?? 0} (range ${from}-${to} where ${next} was expected)`,
          );
          break;
        }
        next = to + 1;
      }
      if (next - 1 !== Number(issued[cardId] ?? 0))
        differences.push(`athlete ${athleteId} card ${cardId}: ${next - 1} serials held, ${issued[cardId] ?? 0} issued`);
      if (oversoldUnits !== Number(oversold[cardId] ?? 0))
        differences.push(`athlete ${athleteId} card ${cardId}: ${oversoldUnits} oversold units held, ${oversold[cardId] ?? 0} recorded`);
      const card = athlete?.digitalcollectibles.find((c) => String(c.id) === cardId);
      if (card?.editionSize && Number(issued[cardId] ?? 0) > card.editionSize)
        differences.push(`athlete ${athleteId} card ${cardId}: ${issued[cardId]} serials issued, edition of ${card.editionSize}`);
      // A closed drop: its print run is what was issued at the close, on the card and on the total
      // (no serial beyond it is ever issued: later units are oversold).
      const printRun = (total?.printRuns as Record<string, number> | undefined)?.[cardId];
      if (card?.drop?.closedAt && (printRun !== card.drop.printRun || Number(issued[cardId] ?? 0) !== printRun))
        differences.push(
          `athlete ${athleteId} card ${cardId}: drop closed with print run ${card.drop.printRun} on the card, ${printRun ?? 'none'} on the total, ${issued[cardId] ?? 0} serials issued`,
        );
      if (card?.unlock && Number(want?.cards[String(card.unlock.cardId)] ?? 0) >= card.unlock.units && !unlockedAt[cardId])
        differences.push(`athlete ${athleteId} card ${cardId}: quota reached but not unlocked`);
    }
  }

  // Unattributed lines per school.
  const schools = new Set<number>([...expected.unattributed.keys()]);
  for (const item of items) if (family(item) === 'unattributedTotal') schools.add(keys.schoolIdOfUnattributedPartition(String(item.PK))!);
  for (const schoolId of schools) {
    checked++;
    const got = byKey.get(keyString(keys.unattributedTotal(schoolId)));
    const want = expected.unattributed.get(schoolId) ?? { units: 0, revenueCents: 0, lines: 0 };
    if (Number(got?.units ?? 0) !== want.units || Number(got?.revenueCents ?? 0) !== want.revenueCents || Number(got?.lines ?? 0) !== want.lines) {
      differences.push(
        `unattributed (school ${schoolId}): stored ${Number(got?.units ?? 0)} units / ${Number(got?.revenueCents ?? 0)} cents / ${Number(got?.lines ?? 0)} lines, recomputed ${want.units} / ${want.revenueCents} / ${want.lines}`,
      );
    }
  }
  // Payouts and allocations: each payout line is one payout entry of its athlete's ledger, and each
  // donation's allocated total is what its allocation entries credited (past allocations: nothing
  // writes new ones since activations, docs/decisions/0027, but they stay in the books).
  const ledgerByAthlete = new Map<number, LedgerEntry[]>();
  for (const item of items)
    if (family(item) === 'ledger')
      ledgerByAthlete.set(Number(item.athleteId), [...(ledgerByAthlete.get(Number(item.athleteId)) ?? []), item as unknown as LedgerEntry]);
  // A line holds its amount out of the balance in every state but `failed` (the Stripe rail returns
  // it with a negative payout entry, and a retry takes it again: shared/payments/payout-line.ts), so
  // the line's payout entries add up to its amount (less the part of its transfer reversed in
  // part, returned by its own entry), or to 0 when it failed.
  for (const line of items.filter((i) => family(i) === 'payoutLine' && i.batchId)) {
    checked++;
    const entries = (ledgerByAthlete.get(Number(line.athleteId)) ?? []).filter((e) => e.kind === 'payout' && e.batchId === line.batchId);
    const held = entries.reduce((n, e) => n + (e.kind === 'payout' ? e.payoutCents : 0), 0);
    const want = line.status === 'failed' ? 0 : Number(line.amountCents) - reversedPartOf(line);
    if (!entries.length || held !== want)
      differences.push(
        `payout batch ${line.batchId} athlete ${line.athleteId} (${String(line.status)}): holds ${want} of ${line.amountCents} cents, the ledger has ${entries.length ? held : 'no entry'}`,
      );
  }
  // What payout lines provided (lambdas/money/provisions.ts; NIL Go and the tax forms read it): a
  // line's entries net to its amount when paid, to 0 otherwise; its athlete's copy carries the same;
  // the ledger's payout entries of the line carry its allocated-donation part; and every athlete's
  // year totals (paid, by payment type) are the sum of the entries counted in that year.
  const yearTotals = new Map<string, { paid: number; royalty: number; allocation: number; activation: number }>();
  for (const line of items.filter((i) => family(i) === 'payoutLine' && i.batchId)) {
    checked++;
    const provided = providedOf(line);
    const net = provided.reduce((n, e) => n + e.cents, 0);
    const want = line.status === 'paid' ? Number(line.amountCents) - reversedPartOf(line) : 0;
    const where = `payout batch ${line.batchId} athlete ${line.athleteId} (${String(line.status)})`;
    if (net !== want) differences.push(`${where}: provided ${net} cents, ${want} when ${String(line.status)}`);
    const copy = byKey.get(keyString(keys.athletePayout(Number(line.athleteId), String(line.batchId))));
    if (copy && canonicalJson(providedOf(copy)) !== canonicalJson(provided)) differences.push(`${where}: the athlete's copy records other payments`);
    const creditParts = (ledgerByAthlete.get(Number(line.athleteId)) ?? [])
      .filter((e) => e.kind === 'payout' && e.batchId === line.batchId)
      .reduce((n, e) => n + (e.payoutCreditCents ?? 0), 0);
    // What stays paid of the line's credits (allocated donations and activations) after a reversal in part.
    const stillReturned = returnedSplit(line, 0, reversedPartOf(line));
    const wantCredit = line.status === 'failed' ? 0 : creditPartOf(line) - stillReturned.allocationCents - stillReturned.activationCents;
    if (creditParts !== wantCredit) differences.push(`${where}: the ledger pays ${creditParts} of credits, the line ${wantCredit}`);
    const activationParts = (ledgerByAthlete.get(Number(line.athleteId)) ?? [])
      .filter((e) => e.kind === 'payout' && e.batchId === line.batchId)
      .reduce((n, e) => n + (e.payoutActivationCents ?? 0), 0);
    const wantActivation = line.status === 'failed' ? 0 : activationPartOf(line) - stillReturned.activationCents;
    if (activationParts !== wantActivation) differences.push(`${where}: the ledger pays ${activationParts} of activations, the line ${wantActivation}`);
    for (const e of provided) {
      const key = `${line.athleteId}|${e.year}`;
      const t = yearTotals.get(key) ?? { paid: 0, royalty: 0, allocation: 0, activation: 0 };
      yearTotals.set(key, {
        paid: t.paid + e.cents,
        royalty: t.royalty + e.royaltyCents,
        allocation: t.allocation + e.allocationCents,
        activation: t.activation + (e.activationCents ?? 0),
      });
    }
  }
  for (const item of items.filter((i) => keys.athleteIdOfPartition(String(i.PK)) !== null && String(i.SK) === keys.athleteYear(0, Number(i.year)).SK)) {
    checked++;
    const want = yearTotals.get(`${item.athleteId}|${item.year}`) ?? { paid: 0, royalty: 0, allocation: 0, activation: 0 };
    yearTotals.delete(`${item.athleteId}|${item.year}`);
    const got = {
      paid: Number(item.paidCents ?? 0),
      royalty: Number(item.paidRoyaltyCents ?? 0),
      allocation: Number(item.paidAllocationCents ?? 0),
      activation: Number(item.paidActivationCents ?? 0),
    };
    if (canonicalJson(got) !== canonicalJson(want))
      differences.push(
        `athlete ${item.athleteId} ${item.year}: paid ${got.paid} (royalties ${got.royalty}, allocations ${got.allocation}, activations ${got.activation}), its payouts provided ${want.paid} (${want.royalty}, ${want.allocation}, ${want.activation})`,
      );
  }
  for (const [key, want] of yearTotals)
    if (want.paid !== 0 || want.royalty !== 0 || want.allocation !== 0 || want.activation !== 0)
      differences.push(`athlete ${key.replace('|', ' ')}: payouts provided ${want.paid} cents, no year total`);
  for (const [athleteId, entries] of ledgerByAthlete) {
    for (const e of entries.filter((x) => x.kind === 'payout')) {
      checked++;
      const line = items.find((i) => family(i) === 'payoutLine' && i.batchId === e.batchId && Number(i.athleteId) === athleteId);
      if (!line) differences.push(`athlete ${athleteId} ledger entry ${e.seq}: a payout of batch ${e.batchId} without its payout line`);
    }
  }
  // Activations (docs/decisions/0027): a confirmed activation credited its athlete exactly once, with
  // its price, and nothing else did: every activation entry of a ledger is a confirmed activation's.
  const activationEntries = [...ledgerByAthlete.values()].flat().filter((e) => e.kind === 'activation');
  const activations = items.filter((i) => family(i) === 'activation');
  for (const a of activations) {
    checked++;
    const credits = activationEntries.filter((e) => e.activationId === a.id && e.athleteId === Number(a.athleteId));
    const want = a.status === 'confirmed' ? 1 : 0;
    if (credits.length !== want || (want && credits[0].creditCents !== Number(a.priceCents)))
      differences.push(
        `activation ${String(a.id)} (${String(a.status)}, ${String(a.priceCents)} cents): ${credits.length} ledger credit(s) of ${credits.map((e) => e.creditCents).join(', ') || 'nothing'}`,
      );
  }
  for (const e of activationEntries)
    if (!activations.some((a) => a.id === e.activationId && Number(a.athleteId) === e.athleteId))
      differences.push(`athlete ${e.athleteId} ledger entry ${e.seq}: an activation credit without its activation (${String(e.activationId)})`);
  for (const donation of items.filter((i) => family(i) === 'donation' && i.allocatedCents !== undefined)) {
    checked++;
    const credited = [...ledgerByAthlete.values()]
      .flat()
      .filter((e) => e.kind === 'allocation' && e.donationId === donation.id)
      .reduce((n, e) => n + e.creditCents, 0);
    const pendingRequests = Object.values((donation.allocationRequests as Record<string, AllocationRequestRecord | number>) ?? {}).reduce(
      (n: number, v) => n + requestCents(v),
      0,
    );
    if (Number(donation.allocatedCents) !== pendingRequests)
      differences.push(`donation ${donation.id}: allocated ${donation.allocatedCents}, its requests total ${pendingRequests}`);
    if (credited !== Number(donation.allocatedCents))
      differences.push(
        `donation ${donation.id}: ${credited} cents credited to athletes, ${donation.allocatedCents} allocated (an unfinished request: repeat it with its idempotency key)`,
      );
    if (Number(donation.allocatedCents) > Number(donation.amountCents))
      differences.push(`donation ${donation.id}: allocated ${donation.allocatedCents} of ${donation.amountCents}`);
  }
  // Donation figures (lambdas/payments/donation-records.ts): each collective's total and month
  // items are its donations net of refunds (a donation refunded in full not counted), and its
  // active members per tier are its memberships that have not ended.
  const donationsByCollective = new Map<number, Item[]>();
  for (const d of items.filter((i) => family(i) === 'donation'))
    donationsByCollective.set(Number(d.collectiveId), [...(donationsByCollective.get(Number(d.collectiveId)) ?? []), d]);
  for (const [collectiveId, donations] of donationsByCollective) {
    checked++;
    const net = (d: Item) => Number(d.amountCents) - Number(d.refundedCents ?? 0);
    const counted = (d: Item) => (Number(d.refundedCents ?? 0) >= Number(d.amountCents) && Number(d.amountCents) > 0 ? 0 : 1);
    const total = byKey.get(keyString(keys.donationTotal(collectiveId)));
    const wantTotal = donations.reduce((n, d) => n + net(d), 0);
    const wantCount = donations.reduce((n, d) => n + counted(d), 0);
    if (Number(total?.amountCents ?? 0) !== wantTotal || Number(total?.count ?? 0) !== wantCount)
      differences.push(
        `collective ${collectiveId} donations: stored ${Number(total?.amountCents ?? 0)} cents / ${Number(total?.count ?? 0)}, recomputed ${wantTotal} / ${wantCount}`,
      );
    // The supporters count's gifts: one-time gifts not refunded in full.
    const wantGifts = donations.reduce((n, d) => n + (d.recurring ? 0 : counted(d)), 0);
    if (Number(total?.gifts ?? 0) !== wantGifts)
      differences.push(`collective ${collectiveId} supporters: ${Number(total?.gifts ?? 0)} gifts counted, recomputed ${wantGifts}`);
    // The wall lists exactly the named donations not refunded in full.
    const wall = (byPartition.get(keys.collectiveRecordsPartition(collectiveId)) ?? []).filter((i) => String(i.SK).startsWith(keys.supporterWallPrefix));
    const wantWall = donations.filter((d) => d.onWall && counted(d)).map((d) => String(d.id));
    const gotWall = wall.map((w) => String(w.donationId));
    if ([...wantWall].sort().join() !== [...gotWall].sort().join())
      differences.push(`collective ${collectiveId} supporters wall: lists ${gotWall.length}, ${wantWall.length} named donations not refunded in full`);
    const months = new Map<string, { amountCents: number; count: number }>();
    for (const d of donations) {
      const m = months.get(yearMonthOf(String(d.date))) ?? { amountCents: 0, count: 0 };
      months.set(yearMonthOf(String(d.date)), { amountCents: m.amountCents + net(d), count: m.count + counted(d) });
    }
    for (const [month, want] of months) {
      const got = byKey.get(keyString(keys.donationMonth(collectiveId, month)));
      if (Number(got?.amountCents ?? 0) !== want.amountCents || Number(got?.count ?? 0) !== want.count)
        differences.push(
          `collective ${collectiveId} donations ${month}: stored ${Number(got?.amountCents ?? 0)} / ${Number(got?.count ?? 0)}, recomputed ${want.amountCents} / ${want.count}`,
        );
    }
  }
  for (const counters of items.filter((i) => String(i.SK) === keys.supportMembers(0).SK)) {
    checked++;
    const memberships = (byPartition.get(String(counters.PK)) ?? []).filter((i) => String(i.SK).startsWith(keys.membershipPrefix) && i.status === 'active');
    const tiers = new Set([
      ...memberships.map((m) => String(m.tierId)),
      ...Object.keys(counters)
        .filter((f) => f.startsWith(ACTIVE_PREFIX))
        .map((f) => f.slice(ACTIVE_PREFIX.length)),
    ]);
    for (const tier of tiers) {
      const want = memberships.filter((m) => String(m.tierId) === tier).length;
      const got = Number(counters[`${ACTIVE_PREFIX}${tier}`] ?? 0);
      if (got !== want) differences.push(`${String(counters.PK)} tier ${tier}: ${got} active members counted, ${want} active memberships`);
    }
  }
  const parked = items.filter((i) => family(i) === 'parked').length;
  return { orders: orders.length, checked, differences, pending: pendingOrders, parked, testOrders };
}
