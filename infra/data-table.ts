// The one table of DESIGN §4, built from the same definition DynamoDB Local gets, so keys and indexes cannot drift.
// Its stream, also from the definition, feeds the table-stream workers (background-work.ts). After a point-in-time
// restore, which makes a new table, the stack adopts that table by name instead of creating one
// (`-c restoredTableName=… -c restoredTableStreamArn=…`; docs/operating.md, "Restoring the table").
import { Stack } from 'aws-cdk-lib';
import type { CfnTable, ITable } from 'aws-cdk-lib/aws-dynamodb';
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
import { acknowledge, renderAccount, renderPartition, renderRegion } from './nag';
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

/** A table restored from point-in-time recovery, with the stream, TTL and backups set by hand (docs/operating.md). */
export interface RestoredTable {
  readonly tableName: string;
  readonly tableStreamArn: string;
}

export class DataTable extends Construct {
  readonly table: ITable;

  constructor(scope: Construct, id: string, settings: StageSettings, restored?: RestoredTable) {
    super(scope, id);
    this.table = restored ? this.adopt(restored) : this.create(settings);
  }

  /** The restored table, with its indexes, so grants cover `<table>/index/*` as they do for the created one. */
  private adopt(restored: RestoredTable): ITable {
    const table = Table.fromTableAttributes(this, 'Table', {
      tableName: restored.tableName,
      tableStreamArn: restored.tableStreamArn,
      globalIndexes: tableDefinition.indexes.map((index) => index.name),
    });
    acknowledge(
      Stack.of(this),
      `AwsSolutions-IAM5[Resource::arn:${renderPartition(this)}:dynamodb:${renderRegion(this)}:${renderAccount(this)}:table/${restored.tableName}/index/*]`,
      'Queries may use any of the overloaded GSIs; the grant is still scoped to this one table.',
    );
    return table;
  }

  private create(settings: StageSettings): ITable {
    const table = new Table(this, 'Table', {
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
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    // Every access pattern may use any GSI, so read-write grants cover `<table>/index/*` by design.
    const logicalId = Stack.of(this).resolve((table.node.defaultChild as CfnTable).logicalId) as string;
    acknowledge(
      Stack.of(this),
      `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
      'Queries may use any of the overloaded GSIs; the grant is still scoped to this one table.',
    );
    return table;
  }

  /** The table and its indexes, with exactly the actions of the access. */
  grant(grantee: IGrantable, access: TableAccess): void {
    const actions = tableActions[access];
    if (actions.length > 0) this.table.grant(grantee, ...actions);
  }
}
