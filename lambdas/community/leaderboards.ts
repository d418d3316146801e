// Leaderboards (issue 26 item 2): an athlete's, each of its sets', a school's. Read from the
// pre-aggregated boards settlement keeps (lambdas/notifications/settle-hooks.ts): one Query of the
// board's rank index for the first places, one GetItem for the count of fans, and the named fans'
// public labels; the cost does not grow with the number of fans. Only fans whose public profile is
// on are named; private collectors are shown without a name; minors are never listed (all are counted).
import { QueryCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LeaderboardEntry, LeaderboardResponse } from '#shared/community/community-api';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import type { BoardRef } from '#lambdas/platform/keys';
import { publicLabels } from '#lambdas/identity/display-names';

/** Places shown. */
export const LEADERBOARD_SHOWN = 10;
/** Entries read to fill them (minors are skipped). */
const READ = 25;

export async function readBoard(board: BoardRef): Promise<{ entries: LeaderboardEntry[]; counted: number | null }> {
  const [page, count] = await Promise.all([
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keys.GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.boardPartition(board) },
        Limit: READ,
      }),
    ),
    board.kind === 'athlete'
      ? ddb().send(new GetCommand({ TableName: tableName(), Key: keys.aggTotal(board.athleteId) }))
      : ddb().send(new GetCommand({ TableName: tableName(), Key: keys.boardCount(board) })),
  ]);
  const items = (page.Items ?? []).filter((i) => Number(i.units) > 0);
  const labels = await publicLabels(items.map((i) => String(i.buyerKey)));
  const entries: LeaderboardEntry[] = [];
  for (const item of items) {
    const label = labels.get(String(item.buyerKey));
    if (!label?.listed) continue;
    entries.push({
      rank: entries.length + 1,
      name: label.profile ? label.label : null,
      cards: Number(item.units),
      complete: board.kind === 'set' ? item.complete === true : item.topFan === true,
    });
    if (entries.length === LEADERBOARD_SHOWN) break;
  }
  const counted = board.kind === 'athlete' ? Number(count.Item?.uniqueFans ?? 0) : Number(count.Item?.fans ?? 0);
  return { entries, counted };
}

export async function leaderboard(board: BoardRef, set: LeaderboardResponse['set'] = null): Promise<LeaderboardResponse> {
  const { entries, counted } = await readBoard(board);
  return { board: board.kind, ...(board.kind === 'set' ? { set } : {}), entries, fans: Math.max(counted ?? 0, entries.length) };
}
