// Where a simulated day's time goes (SIM_PROFILE=1): every DynamoDB request of the product's table client counted and
// timed under the step the fault layer is in (`day 40 escrow-aging` counts as `escrow-aging`, a command list's
// steps as `commands`), printed to stderr every 30 days and then cleared. Stderr only: stdout stays free of wall-clock
// time, so a seed's output is the same with the profile on.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FaultLayer } from './faults';

interface StepCost {
  requests: Map<string, number>;
  ms: number;
}

const costs = new Map<string, StepCost>();
const phases = new Map<string, { ms: number; days: number }>();
let printedAt = performance.now();

export const profiling = Boolean(process.env.SIM_PROFILE);

function stepName(step: string): string {
  if (step.startsWith('list ')) return 'commands';
  return step.replace(/^day \d+ /, '');
}

/**
 * What a Query reads, by the kind of its partition (`LEDGER_ACCOUNT`, `OFFICE_PAYOUTS`…: the partition key's value up
 * to its first `#`), so a count that grows names what grows.
 */
function queriedPartition(input: {
  KeyConditionExpression?: string;
  ExpressionAttributeValues?: Record<string, unknown>;
}): string {
  const name = /^\s*\(?\s*[#\w]+\s*=\s*(:\w+)/.exec(input.KeyConditionExpression ?? '')?.[1];
  const value = name ? input.ExpressionAttributeValues?.[name] : undefined;
  return typeof value === 'string' ? ` ${value.split('#')[0] ?? ''}` : '';
}

/** Counts and times the table client's requests by step (only with SIM_PROFILE set). */
export function profileTableClient(client: DynamoDBDocumentClient, faults: FaultLayer): void {
  if (!profiling) return;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        const name = stepName(faults.step());
        const cost = costs.get(name) ?? { requests: new Map<string, number>(), ms: 0 };
        const input = args.input as {
          IndexName?: string;
          KeyConditionExpression?: string;
          ExpressionAttributeValues?: Record<string, unknown>;
        };
        const command = `${(context.commandName ?? '?').replace(/Command$/, '')}${input.IndexName ? ` ${input.IndexName}` : ''}${queriedPartition(input)}`;
        cost.requests.set(command, (cost.requests.get(command) ?? 0) + 1);
        cost.ms += performance.now() - started;
        costs.set(name, cost);
      }
    },
    { step: 'initialize', priority: 'high', name: 'simulationProfile' },
  );
}

/** Adds a measured phase of a day (a job, the audit, a part of the audit). */
export function notePhase(name: string, ms: number): void {
  if (!profiling) return;
  const phase = phases.get(name) ?? { ms: 0, days: 0 };
  phase.ms += ms;
  phase.days += 1;
  phases.set(name, phase);
}

/** What the last full audit's scan read, by entity: what the table holds and the scan's cost grows with. */
let scanned: Map<string, number> | null = null;

export function noteScanned(items: readonly Record<string, unknown>[]): void {
  if (!profiling) return;
  scanned = new Map();
  for (const item of items) {
    const entity = typeof item['entity'] === 'string' ? item['entity'] : '?';
    scanned.set(entity, (scanned.get(entity) ?? 0) + 1);
  }
}

/** How often something happened in the period (a reconciliation run that read everything…). */
const events = new Map<string, number>();

export function noteEvent(name: string): void {
  if (!profiling) return;
  events.set(name, (events.get(name) ?? 0) + 1);
}

/** Times `work` as the phase `name`. */
export async function timedPhase<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!profiling) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    notePhase(name, performance.now() - started);
  }
}

/** Prints what the last `days` days cost and starts counting again. */
export function printProfile(label: string, days: number): void {
  if (!profiling) return;
  const wallMs = performance.now() - printedAt;
  printedAt = performance.now();
  const lines = [
    `profile ${label} (${days} days in ${(wallMs / 1000).toFixed(1)} s: ${(60_000 / wallMs).toFixed(2)} months a minute; ms a day):`,
  ];
  for (const [name, phase] of [...phases].sort(([, a], [, b]) => b.ms - a.ms)) {
    lines.push(`  phase ${name}: ${Math.round(phase.ms / Math.max(1, days))} ms`);
  }
  for (const [name, cost] of [...costs].sort(([, a], [, b]) => b.ms - a.ms)) {
    const requests = [...cost.requests]
      .sort(([, a], [, b]) => b - a)
      .map(([command, count]) => `${command} ${Math.round(count / Math.max(1, days))}`)
      .join(', ');
    lines.push(`  dynamo ${name}: ${Math.round(cost.ms / Math.max(1, days))} ms; ${requests} a day`);
  }
  for (const [name, count] of events) lines.push(`  ${name}: ${count} times`);
  if (scanned) {
    const total = [...scanned.values()].reduce((sum, count) => sum + count, 0);
    const top = [...scanned]
      .sort(([, a], [, b]) => b - a)
      .map(([entity, count]) => `${entity} ${count}`)
      .join(', ');
    lines.push(`  last scan: ${total} items; ${top}`);
  }
  console.error(lines.join('\n'));
  costs.clear();
  phases.clear();
  events.clear();
}
