// Per-fan work on the fan-work queue: what the jobs send (functions/services/listening/listening-sync-fan-out.ts) and
// the worker reads (events/workers/fan-work.ts), validated on the way in.
import * as z from 'zod/mini';

export const fanWorkMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('listening-sync'), fanId: z.string(), runId: z.string() }),
  z.object({ kind: z.literal('pie-split'), fanId: z.string(), pieId: z.string(), runId: z.string() }),
]);
export type FanWorkMessage = z.infer<typeof fanWorkMessageSchema>;
