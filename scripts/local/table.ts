// Creates the Orders table in DynamoDB Local from the same definition the CDK stack uses.
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_DEFINITION, createTableInput } from '../../infra/table-definition';

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'us-east-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

/** Creates the table if it does not exist; returns whether it was created. */
export async function ensureTable(endpoint: string, tableName: string): Promise<boolean> {
  const client = localClient(endpoint);
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if (error instanceof ResourceInUseException) return false;
    throw error;
  }
  for (let i = 0; i < 100; i++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true } }),
  );
  return true;
}

export async function dropTable(endpoint: string, tableName: string): Promise<void> {
  await localClient(endpoint)
    .send(new DeleteTableCommand({ TableName: tableName }))
    .catch(() => undefined);
}
