// The document client, built once per cold start (never per invocation).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

function build(): DynamoDBDocumentClient {
  const { dynamoEndpoint } = config();
  const client = new DynamoDBClient(
    dynamoEndpoint
      ? {
          endpoint: dynamoEndpoint,
          region: process.env.AWS_REGION ?? 'us-east-2',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          maxAttempts: 3,
        }
      : { maxAttempts: 3 },
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

let cached: DynamoDBDocumentClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  cached ??= build();
  return cached;
}

/** Tests only: the next ddb() call builds a new client (e.g. after DYNAMODB_ENDPOINT changed). */
export function resetDdbClient(): void {
  cached = undefined;
}

export const tableName = (): string => config().tableName;
