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
  return new DynamoDBClient({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, credentials: { ...localCredentials } } : {}),
  });
}

export function createDocumentClient(config: DynamoConfig): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(createDynamoClient(config), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: false },
  });
}
