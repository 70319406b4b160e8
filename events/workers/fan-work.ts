// Worker of the 'fan-work' queue. Each message is one pie's split, or the listening syncs of up to ten fans
// (docs/decisions/048). Messages whose kind has no processor yet fail, so they land in the dead-letter queue instead
// of vanishing.
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
import { readFanWorkMessage } from '../../functions/contracts/fan-work';
import { deploymentFanWorkQueue } from '../../functions/services/fan-work-queue';

type Processor = (message: FanWorkMessage, log: Logger) => Promise<void>;

const processors: Partial<Record<FanWorkMessage['kind'], Processor>> = {
  // A broken or removed connection is an answer, not a failure: retrying would not change it. Rate limits and
  // unreachable Spotify throw. The message's fans are synced side by side; a fan whose sync failed is sent again in a
  // message of its own, so it is retried alone and the others are not synced twice. A message of one fan fails
  // instead, and SQS brings it back after the visibility timeout (by when Spotify's wait is over), then to the DLQ.
  'listening-sync': async (message, log) => {
    if (message.kind !== 'listening-sync') throw new Error(`A ${message.kind} message reached the sync`);
    const deps = await loadListeningSyncDependencies();
    const failed: { fanId: string; error: unknown }[] = [];
    await Promise.all(
      message.fanIds.map(async (fanId) => {
        try {
          const outcome = await syncFanListening(deps, fanId, {
            mode: 'since-cursor',
            log: log.child({ fanId, runId: message.runId }),
            // The worker has 30 s for a batch of ten messages: a longer Retry-After fails the fan's sync.
            maxWaitSeconds: 5,
          });
          if (outcome.status !== 'synced') log.info('listening not synced', { fanId, ...outcome });
        } catch (error) {
          failed.push({ fanId, error });
        }
      }),
    );
    if (failed.length === 0) return;
    const [only] = failed;
    if (message.fanIds.length === 1 && only) throw only.error;
    for (const { fanId, error } of failed) log.warn('listening sync failed: retried alone', { fanId, error });
    // If the send fails, the whole message fails and comes back: syncing the others again stores nothing twice.
    await deploymentFanWorkQueue().sendAll(
      failed.map(({ fanId }): FanWorkMessage => ({
        kind: 'listening-sync',
        fanIds: [fanId],
        runId: message.runId,
      })),
    );
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
      const message = readFanWorkMessage(JSON.parse(record.body));
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
