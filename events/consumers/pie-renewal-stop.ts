// Rule 'pie-renewal-stops': a pie whose period held nothing to split stops the subscription that funds it, at the end
// of its current period (functions/services/pie/pie-renewal-stop.ts). A failure throws, so the bus delivers again.
import { getEnv } from '../../functions/runtime/env';
import { createLogger } from '../../functions/runtime/logger';
import { paymentsDependencies } from '../../functions/services/payments/dependencies';
import { stopRenewalOfEmptyPie } from '../../functions/services/pie/pie-renewal-stop';
import { busEnvelopeSchema, pieNothingToSplitSchema } from '../schemas';

export async function handler(raw: unknown): Promise<{ outcome: string }> {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL, { consumer: 'pie-renewal-stop' });
  const envelope = busEnvelopeSchema.parse(raw);
  const detail = pieNothingToSplitSchema.parse(envelope.detail);
  return { outcome: await stopRenewalOfEmptyPie(paymentsDependencies(), detail, log) };
}
