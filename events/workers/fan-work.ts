// Worker of the 'fan-work' queue. Each message is one fan's share of a job. Messages whose kind has no
// processor yet fail, so they land in the dead-letter queue instead of vanishing.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { getEnv } from '../../functions/runtime/env';
import {
  loadListeningSyncDependencies,
  syncFanListening,
} from '../../functions/services/listening/listening-sync';
import { pieSplitDependencies, splitEndedPie } from '../../functions/services/pie/pie-split';
import type { Logger } from '../../functions/runtime/logger';
import { createLogger } from '../../functions/runtime/logger';
import type { FanWorkMessage } from '../../functions/contracts/fan-work';
import { fanWorkMessageSchema } from '../../functions/contracts/fan-work';

type Processor = (message: FanWorkMessage, log: Logger) => Promise<void>;

const processors: Partial<Record<FanWorkMessage['kind'], Processor>> = {
  // A broken or removed connection is an answer, not a failure: retrying would not change it. Rate limits and
  // unreachable Spotify throw, so the message comes back after the visibility timeout.
  'listening-sync': async (message, log) => {
    const outcome = await syncFanListening(await loadListeningSyncDependencies(), message.fanId, {
      mode: 'since-cursor',
      log: log.child({ fanId: message.fanId, runId: message.runId }),
      // The worker has 30 s for a batch of ten fans: a longer Retry-After fails the message, and SQS brings it back
      // after the visibility timeout, by when Spotify's wait is over.
      maxWaitSeconds: 5,
    });
    if (outcome.status !== 'synced') log.info('listening not synced', { fanId: message.fanId, ...outcome });
  },
  // Each step is idempotent: a redelivered message, or two workers on one pie, moves the money once. A throw (a short
  // wallet, a fee not known yet) brings the message back, and after the queue's receives it goes to the DLQ.
  'pie-split': async (message, log) => {
    if (message.kind !== 'pie-split') throw new Error(`A ${message.kind} message reached the pie split`);
    const result = await splitEndedPie(pieSplitDependencies(), message.pieId, {
      log: log.child({ fanId: message.fanId, pieId: message.pieId, runId: message.runId }),
    });
    if (result.outcome === 'skipped') log.info('pie not split', { ...result, runId: message.runId });
  },
};

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL, { worker: 'fan-work' });
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const message = fanWorkMessageSchema.parse(JSON.parse(record.body));
      const process = processors[message.kind];
      if (!process) throw new Error(`No processor for ${message.kind} yet`);
      await process(message, log);
    } catch (error) {
      log.error('fan work failed', { messageId: record.messageId, error });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
}
