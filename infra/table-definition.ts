// The Orders table's key schema, in one place: the CDK data construct and local mode both build
// the table from this definition. No CDK imports, so scripts can use it without synthesising.

export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [{ indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
} as const;

/** CreateTable input for DynamoDB Local (on-demand, like the stack). */
export function createTableInput(tableName: string) {
  const d = TABLE_DEFINITION;
  const attributes = new Set<string>([d.partitionKey, d.sortKey]);
  for (const g of d.globalSecondaryIndexes) {
    attributes.add(g.partitionKey);
    attributes.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: d.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: d.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: d.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
