// Per-fan work on the fan-work queue: what the jobs send (functions/services/listening/listening-sync-fan-out.ts) and
// the worker reads (events/workers/fan-work.ts), validated on the way in.
import * as z from 'zod/mini';

/**
 * Fans a listening-sync message carries at most (docs/decisions/048): ten fans a message and ten messages an SQS
 * request or worker call make a hundred fans for what one fan cost, and the worker syncs a message's fans side by
 * side, so a batch takes about as long as when each message was one fan.
 */
export const listeningSyncFansPerMessage = 10;

export const fanWorkMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('listening-sync'),
    fanIds: z.array(z.string()).check(z.minLength(1), z.maxLength(listeningSyncFansPerMessage)),
    runId: z.string(),
  }),
  z.object({ kind: z.literal('pie-split'), fanId: z.string(), pieId: z.string(), runId: z.string() }),
]);
export type FanWorkMessage = z.infer<typeof fanWorkMessageSchema>;

/**
 * A message as it may arrive: a listening sync sent before messages carried several fans (`fanId`, one fan) reads as
 * a message of that one fan, so a deployment does not strand the messages in flight.
 */
export function readFanWorkMessage(body: unknown): FanWorkMessage {
  const legacy = z
    .object({ kind: z.literal('listening-sync'), fanId: z.string(), runId: z.string() })
    .safeParse(body);
  if (legacy.success)
    return { kind: 'listening-sync', fanIds: [legacy.data.fanId], runId: legacy.data.runId };
  return fanWorkMessageSchema.parse(body);
}
