// The deployment's fan-work queue, which the scheduled jobs fan their per-fan work out to (the listening sync, the
// pie split): SQS in AWS, the local runtime's stand-in locally. A job without the queue's URL cannot fan out, and says so.
import type { WorkQueue } from '../integrations/queue';
import { createWorkQueue } from '../integrations/queue';
import { getEnv } from '../runtime/env';

export function deploymentFanWorkQueue(): WorkQueue {
  const env = getEnv();
  if (!env.FAN_WORK_QUEUE_URL) throw new Error('FAN_WORK_QUEUE_URL is not set: the job cannot fan out.');
  return createWorkQueue({
    region: env.AWS_REGION,
    queueUrl: env.FAN_WORK_QUEUE_URL,
    endpoint: env.QUEUE_ENDPOINT,
  });
}
