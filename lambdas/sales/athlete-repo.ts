// An athlete's posts (persisted, newest first, ids from a per-athlete counter) and donation figures.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AthleteDonationsResponse, Post } from '#shared/sales/sales-api';
import type { AthleteDonationsSeed } from '#shared/catalog/seed-data';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';

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
  const { Attributes } = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.postSequence(athleteId),
      UpdateExpression: 'ADD lastId :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const post: Post = { id: Number(Attributes?.lastId), content, date: now.toISOString(), updatedAt: null };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.post(athleteId, post.id), athleteId, postId: post.id, content: post.content, date: post.date },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return post;
}

export async function updatePost(athleteId: number, postId: number, content: string, now = new Date()): Promise<Post> {
  try {
    const { Attributes } = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.post(athleteId, postId),
        UpdateExpression: 'SET content = :c, updatedAt = :u',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':c': content, ':u': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toPost(Attributes ?? {});
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw new NotFound(`Post ${postId}`);
    throw error;
  }
}

export async function deletePost(athleteId: number, postId: number): Promise<void> {
  try {
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: keys.post(athleteId, postId), ConditionExpression: 'attribute_exists(PK)' }));
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw new NotFound(`Post ${postId}`);
    throw error;
  }
}

export async function putAthleteDonations(athleteId: number, donations: AthleteDonationsSeed): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...keys.athleteDonations(athleteId), athleteId, ...donations } }));
}

export async function getAthleteDonations(athleteId: number): Promise<AthleteDonationsResponse> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.athleteDonations(athleteId) }));
  if (!Item) return { athleteId, totalDonationsCents: 0, monthly: [], donationsThisYear: 0, recurringThisMonth: 0, comments: [] };
  return {
    athleteId,
    totalDonationsCents: Item.totalDonationsCents,
    monthly: Item.monthly,
    donationsThisYear: Item.donationsThisYear,
    recurringThisMonth: Item.recurringThisMonth,
    comments: Item.comments,
  };
}
