// Rule 'deleted-fan-payments': a fan who deleted their account is never charged again; every subscription of theirs is
// canceled at Stripe at once (functions/services/payments/deleted-fans.ts). A failure throws, so the bus delivers
// again, and after its retries the event waits in the dead-letter queue for staff.
import { getEnv } from '../../functions/runtime/env';
import { createLogger } from '../../functions/runtime/logger';
import { stopPaymentsOfDeletedFan } from '../../functions/services/payments/deleted-fans';
import { paymentsDependencies } from '../../functions/services/payments/dependencies';
import { busEnvelopeSchema, fanDeletedSchema } from '../schemas';

export async function handler(raw: unknown): Promise<{ outcome: string; canceled: string[] }> {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL, { consumer: 'deleted-fan-payments' });
  const envelope = busEnvelopeSchema.parse(raw);
  const detail = fanDeletedSchema.parse(envelope.detail);
  const { canceled } = await stopPaymentsOfDeletedFan(paymentsDependencies(), detail, log);
  return { outcome: canceled.length > 0 ? 'canceled' : 'nothing_to_cancel', canceled };
}
