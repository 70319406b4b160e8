// Worker of the 'fan-work' queue. Each message is one fan's share of a job. Messages whose kind has no
// processor yet fail, so they land in the dead-letter queue instead of vanishing.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getEnv } from '../../functions/handlers/lib/env';
import { createLogger } from '../../functions/handlers/lib/logger';
import type { FanWorkMessage } from '../schemas';
import { fanWorkMessageSchema } from '../schemas';

type Processor = (message: FanWorkMessage) => Promise<void>;

const processors: Partial<Record<FanWorkMessage['kind'], Processor>> = {};

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL, { worker: 'fan-work' });
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const message = fanWorkMessageSchema.parse(JSON.parse(record.body));
      const process = processors[message.kind];
      if (!process) throw new Error(`No processor for ${message.kind} yet`);
      await process(message);
    } catch (error) {
      log.error('fan work failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
