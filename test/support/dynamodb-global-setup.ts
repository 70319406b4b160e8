// One DynamoDB Local for the whole integration run (a JVM start costs seconds); each test file gets its own table
// in it (see dynamodb-table-setup.ts), so files stay independent without a JVM each.
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dynamoDbLocal = await startDynamoDbLocal({});
  project.provide('dynamodbEndpoint', dynamoDbLocal.endpoint);
  return () => dynamoDbLocal.stop();
}
