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
import type { TableAccess } from '../functions/contracts/capabilities';
import { tableDefinition } from '../functions/data/table-definition';
import { acknowledge } from './nag';
import type { StageSettings } from './stage';

const readActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];

/**
 * The DynamoDB actions of each table access (functions/contracts/capabilities.ts). Named one by one rather than CDK's
 * grantReadData/grantReadWriteData, which add Scan (no request path scans: DESIGN §4) and DescribeTable (the document
 * client never asks). TransactWriteItems is authorized per item as Put, Update, Delete and ConditionCheck.
 */
export const tableActions: Readonly<Record<TableAccess, readonly string[]>> = {
  none: [],
  probe: ['dynamodb:GetItem'],
  read: readActions,
  'read-put': [...readActions, 'dynamodb:PutItem'],
  'get-update': ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
  'read-write': [
    ...readActions,
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
};

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

  /** The table and its indexes, with exactly the actions of the access. */
  grant(grantee: IGrantable, access: TableAccess): void {
    const actions = tableActions[access];
    if (actions.length > 0) this.table.grant(grantee, ...actions);
  }
}
