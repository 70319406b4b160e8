// The local stand-in for the EventBridge bus: the rules of events/definitions.ts, delivering each matching
// event to its consumer module asynchronously, as EventBridge does.
import { randomUUID } from 'node:crypto';
import type { RuleDefinition } from '../events/definitions';
import { eventSource, rules } from '../events/definitions';
import { getClock } from '../functions/runtime/clock';
import { importEntry } from './entry-modules';

export interface BusEntry {
  source: string;
  detailType: string;
  detail: unknown;
  time?: Date;
}

type Consumer = (event: unknown) => Promise<unknown>;

export function rulesMatching(entry: BusEntry): RuleDefinition[] {
  if (entry.source !== eventSource) return [];
  return (rules as readonly RuleDefinition[]).filter((rule) =>
    (rule.detailTypes as readonly string[]).includes(entry.detailType),
  );
}

/** Delivers one event to every matching rule's consumer; resolves when all deliveries have settled. */
export async function deliver(
  entry: BusEntry,
  onError: (rule: string, error: unknown) => void,
  id: string = randomUUID(),
): Promise<void> {
  const envelope = {
    version: '0',
    id,
    source: entry.source,
    'detail-type': entry.detailType,
    account: '000000000000',
    time: (entry.time ?? getClock().now()).toISOString(),
    region: 'us-east-1',
    resources: [],
    detail: entry.detail,
  };
  await Promise.all(
    rulesMatching(entry).map(async (rule) => {
      try {
        const module = await importEntry<{ handler: Consumer }>(rule.entry);
        await module.handler(envelope);
      } catch (error) {
        onError(rule.name, error);
      }
    }),
  );
}
