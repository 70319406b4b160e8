// Scheduled job 'escrow-aging' (events/definitions.ts): money held for artists nobody claimed within the holding period
// (ESCROW_HOLDING_MONTHS) goes back to the fans who gave it (functions/services/pie/escrow-aging.ts). Running the same
// slot twice returns each lot once.
import { escrowAgingDependencies, returnAgedLots } from '../../functions/services/pie/escrow-aging';
import { defineJob } from '../lib/define-job';

export const handler = defineJob('escrow-aging', async ({ log, now }) => {
  const { complete, ...counts } = await returnAgedLots(escrowAgingDependencies(), { log, now });
  return { status: 'completed', counts: { ...counts, incomplete: complete ? 0 : 1 } };
});
