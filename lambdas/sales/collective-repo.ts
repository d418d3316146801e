// A collective's overview (one GSI Query: per-athlete totals and months, donation months, the
// collective itself), its transaction feed (one GSI Query, newest first), and the seed's sample
// donations (written as the support page's are: lambdas/payments/donation-records.ts).
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CollectiveMonthly, CollectiveStatsResponse, Transaction, UnattributedSale } from '#shared/sales/sales-api';
import type { Page } from '#shared/platform/http-api';
import type { Athlete, Collective } from '#shared/catalog/catalog-types';
import type { UnattributedLine } from '#shared/orders/contribution';
import { athleteShareCents, formatUsd } from '#shared/platform/money';
import { periodLabel } from '#shared/money/payouts-api';
import type { DonationSeed } from '#shared/catalog/seed-data';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { NotFound } from '#lambdas/platform/errors';
import { encodeCursor } from '#lambdas/platform/http';
import * as keys from '#lambdas/platform/keys';
import { GSI1, cursorSpecs } from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { recordDonation as recordDonationRecord } from '#lambdas/payments/donation-records';

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export async function collectiveStats(collectiveId: number, now = new Date()): Promise<CollectiveStatsResponse> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.collectivePartition(collectiveId) },
  });
  const meta = items.find((i) => keys.collectiveFigureOf(String(i.GSI1SK)) === 'collective');
  if (!meta) throw new NotFound(`Collective ${collectiveId}`);
  const collective = meta.data as Collective;
  const members = new Set(collective.members);
  const currentMonth = now.toISOString().slice(0, 7);

  const athletes = new Map<number, { cardsSold: number; revenueCents: number; orderCount: number }>();
  for (const id of collective.members) athletes.set(id, { cardsSold: 0, revenueCents: 0, orderCount: 0 });
  const months = new Map<string, CollectiveMonthly & { revenueCents: number }>();
  const monthOf = (month: string) => {
    const m = months.get(month) ?? { month, totalCents: 0, athleteCents: 0, donationsCents: 0, revenueCents: 0 };
    months.set(month, m);
    return m;
  };
  let donationsCount = 0;
  let donationsThisMonth = 0;
  let donationsTotal = 0;
  for (const item of items) {
    const figure = keys.collectiveFigureOf(String(item.GSI1SK));
    if (figure === 'athleteTotal' || figure === 'athleteMonth') {
      const athleteId = Number(item.athleteId);
      if (!members.has(athleteId)) continue; // stale tag of a former member
      if (figure === 'athleteTotal') {
        athletes.set(athleteId, {
          cardsSold: Number(item.cardsSold ?? 0),
          revenueCents: Number(item.revenueCents ?? 0),
          orderCount: Number(item.orderCount ?? 0),
        });
      } else {
        const m = monthOf(String(item.month));
        m.revenueCents += Number(item.revenueCents ?? 0);
      }
    } else if (figure === 'donationMonth') {
      const m = monthOf(String(item.month));
      m.donationsCents += Number(item.amountCents ?? 0);
      donationsCount += Number(item.count ?? 0);
      donationsTotal += Number(item.amountCents ?? 0);
      if (item.month === currentMonth) donationsThisMonth += Number(item.amountCents ?? 0);
    }
  }
  const monthly = [...months.values()]
    .map(({ revenueCents, ...m }) => ({ ...m, athleteCents: athleteShareCents(revenueCents), totalCents: revenueCents + m.donationsCents }))
    .filter((m) => m.totalCents !== 0)
    .sort((a, b) => a.month.localeCompare(b.month));
  const athleteFigures = [...athletes.entries()].map(([athleteId, f]) => ({ athleteId, ...f, earningsCents: athleteShareCents(f.revenueCents) }));
  const totals = athleteFigures.reduce(
    (t, a) => ({
      cardsSold: t.cardsSold + a.cardsSold,
      revenueCents: t.revenueCents + a.revenueCents,
      orderCount: t.orderCount + a.orderCount,
      donationsCents: t.donationsCents,
    }),
    { cardsSold: 0, revenueCents: 0, orderCount: 0, donationsCents: donationsTotal },
  );
  const thisMonth = monthly.find((m) => m.month === currentMonth);
  return {
    collectiveId,
    name: collective.name,
    schoolId: collective.schoolId,
    members: collective.members,
    currentMonth,
    tiles: {
      athleteEarningsThisMonthCents: thisMonth?.athleteCents ?? 0,
      donationsThisMonthCents: donationsThisMonth,
      totalAthletes: collective.members.length,
      athleteTransactions: totals.cardsSold,
      collectiveDonationsCount: donationsCount,
    },
    totals,
    athletes: athleteFigures,
    monthly,
    unattributed: await unattributedSummary(collective.schoolId),
  };
}

/** The unattributed sale lines of one school (those its collective may assign): a GetItem for
 * the totals and a short Query for the newest orders. */
export async function unattributedSummary(schoolId: number, limit = 20): Promise<CollectiveStatsResponse['unattributed']> {
  const [total, recent] = await Promise.all([
    ddb().send(new GetCommand({ TableName: tableName(), Key: keys.unattributedTotal(schoolId) })),
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :line)',
        ExpressionAttributeValues: { ':pk': keys.unattributedPartition(schoolId), ':line': keys.unattributedOrderPrefix },
        ScanIndexForward: false,
        Limit: limit,
      }),
    ),
  ]);
  return {
    units: Number(total.Item?.units ?? 0),
    revenueCents: Number(total.Item?.revenueCents ?? 0),
    recent: (recent.Items ?? []).flatMap(unattributedSalesOf),
  };
}

/** The sale lines of one stored unattributed order item (UNATTR#{school} ORDER#...). */
export function unattributedSalesOf(order: Record<string, unknown>): UnattributedSale[] {
  return (order.lines as UnattributedLine[]).map((line): UnattributedSale => ({
    orderId: String(order.orderId),
    orderName: typeof order.orderName === 'string' ? order.orderName : `#${String(order.orderId)}`,
    lineItemId: line.lineItemId,
    createdAt: String(order.createdAt),
    title: line.title,
    productId: line.productId ?? null,
    units: line.units,
    revenueCents: line.revenueCents,
    reason: line.reason,
  }));
}

const collectionsLabel = (n: number) => `${n} ${n === 1 ? 'collection' : 'collections'}`;

/** The transaction feed: derived athlete transactions, donations and payouts, newest first. */
export async function collectiveTransactions(
  collectiveId: number,
  athletesById: Map<number, Pick<Athlete, 'name'>>,
  limit: number,
  cursor?: Record<string, unknown>,
): Promise<Page<Transaction>> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.transactionsPartition(collectiveId) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  const items = (page.Items ?? []).map((item): Transaction => {
    const kind = keys.transactionOf(String(item.GSI1SK));
    if (kind === 'sale') {
      const athlete = athletesById.get(Number(item.athleteId));
      return {
        id: `${item.orderId}-${item.athleteId}`,
        date: item.createdAt,
        name: athlete?.name ?? `Athlete ${item.athleteId}`,
        details: collectionsLabel(Number(item.quantity)),
        amountCents: item.amountCents,
        type: 'Athlete Transaction',
        status: item.status === 'Paid' ? 'Completed' : item.status,
      };
    }
    if (kind === 'donation') {
      const allocated = Object.keys((item.allocations as Record<string, number> | undefined) ?? {}).length;
      // Net of refunds: a donation refunded in full is listed as Refunded (a red badge), a part as a note.
      const refunded = Number(item.refundedCents ?? 0);
      const amount = Number(item.amountCents);
      const notes = [
        String(item.notes),
        ...(allocated ? [`allocated to ${allocated} ${allocated === 1 ? 'member' : 'members'} (before activations)`] : []),
        ...(refunded > 0 && refunded < amount ? [`${formatUsd(refunded)} refunded`] : []),
      ];
      return {
        id: item.id,
        date: item.date,
        name: item.donorName,
        details: notes.join(' · '),
        amountCents: amount - refunded,
        type: item.donationType === 'Organization' ? 'Donation (Organization)' : 'Donation (Individual)',
        status: refunded >= amount && amount > 0 ? 'Refunded' : 'Completed',
      };
    }
    // A payout of a batch: Processing until the collective marks it paid.
    const athlete = athletesById.get(Number(item.athleteId));
    return {
      id: `${item.batchId}-${item.athleteId}`,
      date: item.createdAt,
      name: athlete?.name ?? `Athlete ${item.athleteId}`,
      details: `Payout for ${periodLabel(String(item.periodStart), String(item.periodEnd))}${item.paidReference ? ` · ref ${item.paidReference}` : ''}`,
      amountCents: item.amountCents,
      type: 'Payout',
      status: item.status === 'paid' ? 'Completed' : 'Processing',
    };
  });
  return { items, nextCursor: encodeCursor(page.LastEvaluatedKey, cursorSpecs.collectiveTransactions(collectiveId)) };
}

/** Records a sample donation (the seed's) as the support page's are recorded: with its month
 * aggregate and the collective's total, once per id (lambdas/payments/donation-records.ts). */
export async function recordDonation(d: DonationSeed): Promise<void> {
  await recordDonationRecord(dynamoStore, { ...d, type: d.type });
}
