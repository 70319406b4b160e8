// The one table of DESIGN §4, built from the same definition DynamoDB Local gets, so keys and indexes cannot drift.
// Its stream, also from the definition, feeds the table-stream workers (background-work.ts).
import { Stack } from 'aws-cdk-lib';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableDefinition } from '../functions/data/table-definition';
import { acknowledge } from './nag';
import type { StageSettings } from './stage';

/** `get-update`: a stream worker reads the item a record names and updates it (the mail-sender marks mail sent). */
export type TableAccess = 'none' | 'probe' | 'get-update' | 'read-write';

export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, settings: StageSettings) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      stream: StreamViewType[tableDefinition.stream],
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: settings.deletionProtection,
      removalPolicy: settings.removalPolicy,
    });
    for (const index of tableDefinition.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    // Every access pattern may use any GSI, so read-write grants cover `<table>/index/*` by design.
    const logicalId = Stack.of(this).resolve((this.table.node.defaultChild as CfnTable).logicalId) as string;
    acknowledge(
      Stack.of(this),
      `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
      'Queries may use any of the overloaded GSIs; the grant is still scoped to this one table.',
    );
  }

  /** `probe` is the health check's single GetItem; nothing else on the request path is read-only. */
  grant(grantee: IGrantable, access: TableAccess): void {
    if (access === 'probe') this.table.grant(grantee, 'dynamodb:GetItem');
    else if (access === 'get-update') this.table.grant(grantee, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    else if (access === 'read-write') this.table.grantReadWriteData(grantee);
  }
}
