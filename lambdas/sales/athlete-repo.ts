// An athlete's posts (persisted, newest first, ids from a per-athlete counter) and the donations
// allocated to it (athlete-donations.ts).
// Writes go through the store port; the posts' public read (eventually consistent) uses the document client.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AthleteDonationsResponse, Post } from '#shared/sales/sales-api';
import { athleteDonations } from './athlete-donations';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, dynamoStore as store } from '#lambdas/platform/store';

const toPost = (item: Record<string, unknown>): Post => ({
  id: Number(item.postId),
  content: String(item.content),
  date: String(item.date),
  updatedAt: (item.updatedAt as string | undefined) ?? null,
});

export async function listPosts(athleteId: number, limit = 100): Promise<Post[]> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :post)',
      ExpressionAttributeValues: { ':pk': keys.athletePartition(athleteId), ':post': keys.postPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map(toPost);
}

/** New post with id = highest id + 1 (first id 1), from an atomic per-athlete counter. */
export async function createPost(athleteId: number, content: string, now = new Date()): Promise<Post> {
  const counter = await store.write({ update: keys.postSequence(athleteId), add: { lastId: 1 } });
  const post: Post = { id: Number(counter?.lastId), content, date: now.toISOString(), updatedAt: null };
  await store.write({
    put: { ...keys.post(athleteId, post.id), athleteId, postId: post.id, content: post.content, date: post.date },
    condition: { notExists: true },
  });
  return post;
}

export async function updatePost(athleteId: number, postId: number, content: string, now = new Date()): Promise<Post> {
  try {
    const after = await store.write({
      update: keys.post(athleteId, postId),
      expression: 'SET content = :c, updatedAt = :u',
      values: { ':c': content, ':u': now.toISOString() },
      condition: { exists: true },
    });
    return toPost(after ?? {});
  } catch (error) {
    if (error instanceof StoreConflict) throw new NotFound(`Post ${postId}`);
    throw error;
  }
}

export async function deletePost(athleteId: number, postId: number): Promise<void> {
  try {
    await store.write({ delete: keys.post(athleteId, postId), condition: { exists: true } });
  } catch (error) {
    if (error instanceof StoreConflict) throw new NotFound(`Post ${postId}`);
    throw error;
  }
}

/** The spec's donation figures of an athlete: the donations allocated to it, with its collective's comments. */
export function getAthleteDonations(athleteId: number, collectiveId: number | null | undefined, now = new Date()): Promise<AthleteDonationsResponse> {
  return athleteDonations(store, athleteId, collectiveId, now);
}
