// Publishes domain events to the EventBridge bus. Locally the endpoint points at the local runtime's bus.
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { eventSource } from '../contracts/events';

export interface EventPublisher {
  publish(detailType: string, detail: unknown): Promise<void>;
}

export interface EventBusConfig {
  region: string;
  busName: string;
  /** The local runtime's emulated endpoint; absent in AWS. */
  endpoint?: string | undefined;
}

export function createEventPublisher(config: EventBusConfig): EventPublisher {
  const client = new EventBridgeClient({
    region: config.region,
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return {
    async publish(detailType, detail) {
      const reply = await client.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: config.busName,
              Source: eventSource,
              DetailType: detailType,
              Detail: JSON.stringify(detail),
            },
          ],
        }),
      );
      if ((reply.FailedEntryCount ?? 0) > 0) {
        throw new Error(
          `EventBridge refused ${detailType}: ${reply.Entries?.[0]?.ErrorMessage ?? 'unknown error'}`,
        );
      }
    },
  };
}
