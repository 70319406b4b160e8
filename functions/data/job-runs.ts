// The record of each scheduled job's runs (decision 040): one item per job (`JOB_RUNS` / `JOB#<name>`), replaced by
// the job's runner when a run starts and when it ends, with the last run's times and outcome, how many runs in a row
// and in all failed, the last failure's message, the run's counts and, for reconciliation, what its checks found.
// All jobs share one partition, so staff's health figure reads every record with one Query and no Scan. Only
// GetItem and PutItem are used: a job whose work only reads the table needs no more than `read-put` for its record.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { ItemKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { isConditionFailure } from './table';

const jobRunEntity = 'job-run';
const jobRunVersion = 1;
const jobRunsPartition = 'JOB_RUNS';
const jobRunSortPrefix = 'JOB#';

function jobRunKey(job: string): ItemKey {
  return { pk: jobRunsPartition, sk: `${jobRunSortPrefix}${job}` };
}

export const jobRunOutcomes = ['running', 'completed', 'not_built', 'failed'] as const;
export type JobRunOutcome = (typeof jobRunOutcomes)[number];

/** What one reconciliation check found: how much it looked at, how many problems, and the first of them. */
export interface JobRunFinding {
  check: string;
  checked: number;
  problemCount: number;
  firstProblems: { subject: string; expected: string; found: string; message: string }[];
}

/** A finding keeps at most this many problems: the item stays small, and the panel shows the rest. */
export const maxProblemsKept = 5;

export interface StoredJobRun {
  job: string;
  runId: string;
  scheduledAt: string;
  startedAt: string;
  /** Null while the run is under way (or when it died without ending). */
  finishedAt: string | null;
  outcome: JobRunOutcome;
  /** The failure's message when `outcome` is `failed`. */
  error: string | null;
  counts: Record<string, number>;
  /** Reconciliation only: what each check found. */
  findings: JobRunFinding[] | null;
  /** Failed runs since the last one that did not fail. */
  consecutiveFailures: number;
  /** Failed runs since the record began. */
  failureCount: number;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
}

const findingSchema = z.object({
  check: z.string(),
  checked: z.number(),
  problemCount: z.number(),
  firstProblems: z.array(
    z.object({ subject: z.string(), expected: z.string(), found: z.string(), message: z.string() }),
  ),
});

const storedJobRunSchema = z.object({
  job: z.string(),
  runId: z.string(),
  scheduledAt: z.string(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  outcome: z.enum(jobRunOutcomes),
  error: z.nullable(z.string()),
  counts: z.record(z.string(), z.number()),
  findings: z.nullable(z.array(findingSchema)),
  consecutiveFailures: z.number().check(z.int()),
  failureCount: z.number().check(z.int()),
  lastSuccessAt: z.nullable(z.string()),
  lastFailureAt: z.nullable(z.string()),
  lastFailure: z.nullable(z.string()),
});

function toJobRun(item: Record<string, NativeAttributeValue>): StoredJobRun {
  return readStored('job run', storedJobRunSchema, item);
}

async function putJobRun(
  table: TableRef,
  run: StoredJobRun,
  condition?: { runId: string },
): Promise<boolean> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...jobRunKey(run.job), entity: jobRunEntity, v: jobRunVersion, ...run },
        ...(condition
          ? {
              ConditionExpression: 'runId = :runId',
              ExpressionAttributeValues: { ':runId': condition.runId },
            }
          : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Access pattern `getJobRun`: a job's record, or null when it never ran. */
export async function getJobRun(table: TableRef, job: string): Promise<StoredJobRun | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: jobRunKey(job), ConsistentRead: true }),
  );
  return Item ? toJobRun(Item) : null;
}

/** Access pattern `listJobRuns`: every job's record (one Query of a handful of items). */
export async function listJobRuns(table: TableRef): Promise<StoredJobRun[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': jobRunsPartition, ':prefix': jobRunSortPrefix },
    }),
  );
  return (Items ?? []).map(toJobRun);
}

/**
 * Access pattern `recordJobStart`: the run under way, with what the record knew of the runs before it. A run started
 * later replaces the record whatever it held: the record is always the latest run.
 */
export async function recordJobStart(
  table: TableRef,
  run: { job: string; runId: string; scheduledAt: string; at: Date },
): Promise<StoredJobRun> {
  const previous = await getJobRun(table, run.job);
  const record: StoredJobRun = {
    job: run.job,
    runId: run.runId,
    scheduledAt: run.scheduledAt,
    startedAt: run.at.toISOString(),
    finishedAt: null,
    outcome: 'running',
    error: null,
    counts: {},
    findings: null,
    consecutiveFailures: previous?.consecutiveFailures ?? 0,
    failureCount: previous?.failureCount ?? 0,
    lastSuccessAt: previous?.lastSuccessAt ?? null,
    lastFailureAt: previous?.lastFailureAt ?? null,
    lastFailure: previous?.lastFailure ?? null,
  };
  await putJobRun(table, record);
  return record;
}

export type JobRunEnd =
  | { outcome: 'completed' | 'not_built'; counts: Record<string, number>; findings?: JobRunFinding[] }
  | { outcome: 'failed'; error: string; counts?: Record<string, number> };

/**
 * Access pattern `recordJobEnd`: how the run ended. Written only while the record is still this run's (a later run
 * that started meanwhile keeps its own); false then, and nothing is written. Failures add to both counts; a run that
 * did not fail sets the run of failures back to 0.
 */
export async function recordJobEnd(
  table: TableRef,
  started: StoredJobRun,
  end: JobRunEnd,
  at: Date,
): Promise<boolean> {
  const finishedAt = at.toISOString();
  const record: StoredJobRun =
    end.outcome === 'failed'
      ? {
          ...started,
          finishedAt,
          outcome: 'failed',
          error: end.error,
          counts: end.counts ?? {},
          consecutiveFailures: started.consecutiveFailures + 1,
          failureCount: started.failureCount + 1,
          lastFailureAt: finishedAt,
          lastFailure: end.error,
        }
      : {
          ...started,
          finishedAt,
          outcome: end.outcome,
          counts: end.counts,
          findings: end.findings ?? null,
          consecutiveFailures: 0,
          lastSuccessAt: end.outcome === 'completed' ? finishedAt : started.lastSuccessAt,
        };
  return putJobRun(table, record, { runId: started.runId });
}
