// The Orders table: single-table design, keys and indexes taken from TABLE_DEFINITION so the
// stack and local mode can never disagree on the schema.
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../table-definition';

export type DataProps = Record<string, never>;

export class Data extends Construct {
  readonly table: Table;
  /** Names of the global secondary indexes, for grants scoped to each index ARN. */
  readonly indexNames: readonly string[];

  constructor(scope: Construct, id: string, _props: DataProps = {}) {
    super(scope, id);
    const d = TABLE_DEFINITION;
    const table = new Table(this, 'Orders', {
      partitionKey: { name: d.partitionKey, type: AttributeType.STRING },
      sortKey: { name: d.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: d.ttlAttribute,
      // Keys only: the settle function reads an accepted order's PENDING marker key from it.
      stream: StreamViewType.KEYS_ONLY,
      // Orders are the business record: never lost with a stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of d.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    this.table = table;
    this.indexNames = d.globalSecondaryIndexes.map((g) => g.indexName);
  }
}
