// The DynamoDB clients (runtime builds the raw clients; functions/data/ wraps them in named access patterns).
// Locally they point at DynamoDB Local with fixed dummy credentials, so the SDK never looks for cloud credentials
// and data written is found again.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// Never Object.freeze these: the SDK writes a `$source` marker onto the credentials object it is given, so each
// client gets a copy.
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export interface DynamoConfig {
  region: string;
  /** DynamoDB Local's URL; absent in AWS. */
  endpoint?: string | undefined;
}

export function createDynamoClient(config: DynamoConfig): DynamoDBClient {
  const client = new DynamoDBClient({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, credentials: { ...localCredentials } } : {}),
  });
  // The SDK's logger middleware copies every request and reply through its sensitive-field filter for a logger that
  // drops them (no logger is given): some 2% of the CPU of a job's run, on every call. Our own logs say what happened.
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

export function createDocumentClient(config: DynamoConfig): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(createDynamoClient(config), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: false },
  });
}
