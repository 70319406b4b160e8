// The one table (DESIGN §4), described once: the CDK stack, the local runtime and the tests all build it from here.
// Pure data and a pure function, so infra/ may import it without pulling in runtime code.

export interface IndexDefinition {
  /** Index name, e.g. `gsi1`. */
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Every item names its entity here (`fan`, `claim`, `ledger-posting`, …). */
  entityAttribute: 'entity',
  /** Every item carries the schema version of its entity, so migrations can find old shapes. */
  versionAttribute: 'v',
  /** Epoch seconds; DynamoDB's TTL removes the item some time after. */
  ttlAttribute: 'expiresAt',
  /**
   * The table's change stream, read by the table-stream workers of events/definitions.ts (the mail-sender sends what
   * the outbox receives). New images only: the workers act on what was written, never on what it replaced. DynamoDB
   * Local gets no stream, because locally no worker reads it (mail stays in the outbox).
   */
  stream: 'NEW_IMAGE',
  /** Overloaded global secondary indexes; each access pattern in docs/data-model.md names the one it uses. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ] as const satisfies readonly IndexDefinition[],
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];

/** The CreateTable input for DynamoDB Local and tests (the CDK stack builds the same shape as a construct). */
export function buildCreateTableInput(tableName: string) {
  const keyAttributes = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableDefinition.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
