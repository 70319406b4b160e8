// Fans' reports of a wrong claim (docs/decisions/009). A report names the catalogue artist whose claim looks
// wrong; staff list the open ones later. A fan has at most one open report per artist: a guard item in the fan's
// partition is written with the report, and staff closing the report removes it. The report raises `claim.reported`
// (functions/contracts/events.ts) through the outbox, in the same transaction.
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  claimReportKey,
  claimReportsOfTargetPartition,
  openClaimReportGuardKey,
  openClaimReportsPartition,
} from './keys';
import { buildOutboxEventPut } from './outbox';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { putNewItem, transactUnlessFailed } from './table';

const reportVersion = 1;

export type ClaimReportTargetKind = 'artist';

export interface ClaimReport {
  id: string;
  fanId: string;
  /** The artist's name when reported, so staff read it without a lookup. */
  target: { kind: ClaimReportTargetKind; id: string; name: string };
  reason: string;
  status: 'open';
  createdAt: string;
}

/**
 * Access pattern `createClaimReport`: stores the report with the fan's open-report guard for its target and the
 * `claim.reported` event, in one transaction. `repeated` (and nothing written) when the fan already has an open
 * report on that target.
 */
export async function createClaimReport(
  table: TableRef,
  report: ClaimReport,
): Promise<'created' | 'repeated'> {
  const { kind, id: targetId } = report.target;
  const written = await transactUnlessFailed(
    table,
    {
      openReportGuard: putNewItem(table, {
        ...openClaimReportGuardKey(report.fanId, kind, targetId),
        entity: 'claim-report-guard',
        v: reportVersion,
        reportId: report.id,
        createdAt: report.createdAt,
      }),
      report: putNewItem(table, {
        ...claimReportKey(report.id),
        entity: 'claim-report',
        v: reportVersion,
        id: report.id,
        fanId: report.fanId,
        targetKind: kind,
        targetId,
        targetName: report.target.name,
        reason: report.reason,
        status: report.status,
        createdAt: report.createdAt,
        gsi1pk: openClaimReportsPartition,
        gsi1sk: `${report.createdAt}#${report.id}`,
        gsi2pk: claimReportsOfTargetPartition(kind, targetId),
        gsi2sk: `${report.createdAt}#${report.id}`,
      }),
      event: buildOutboxEventPut(table, {
        id: randomUUID(),
        event: {
          type: 'claim.reported',
          detail: {
            reportId: report.id,
            fanId: report.fanId,
            target: { kind, id: targetId },
            reportedAt: report.createdAt,
          },
        },
        occurredAt: new Date(report.createdAt),
      }),
    },
    'openReportGuard',
  );
  return written ? 'created' : 'repeated';
}

/** A stored report item, as it is read back (the target flattened into three fields). */
const storedReportSchema = z.object({
  id: z.string(),
  fanId: z.string(),
  targetKind: z.literal('artist'),
  targetId: z.string(),
  targetName: z.string(),
  reason: z.string(),
  status: z.literal('open'),
  createdAt: z.string(),
});

function toReport(item: Record<string, unknown>): ClaimReport {
  const stored = readStored('claim report', storedReportSchema, item);
  return {
    id: stored.id,
    fanId: stored.fanId,
    target: { kind: stored.targetKind, id: stored.targetId, name: stored.targetName },
    reason: stored.reason,
    status: stored.status,
    createdAt: stored.createdAt,
  };
}

export interface ClaimReportPage {
  reports: ClaimReport[];
  /** Pass back to read the next page; null on the last. */
  cursor: string | null;
}

/** Access pattern `listOpenClaimReports`: staff's queue of open reports, oldest first, a page at a time. */
export async function listOpenClaimReports(
  table: TableRef,
  options: { limit: number; cursor?: string | null },
): Promise<ClaimReportPage> {
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': openClaimReportsPartition },
      Limit: options.limit,
      ...(options.cursor ? { ExclusiveStartKey: decodeCursor(options.cursor) } : {}),
    }),
  );
  return {
    reports: (reply.Items ?? []).map(toReport),
    cursor: reply.LastEvaluatedKey ? encodeCursor(reply.LastEvaluatedKey) : null,
  };
}

function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Access pattern `listClaimReportsOfTarget`: every report about one artist, oldest first (gsi2), for staff's claim. */
export async function listClaimReportsOfTarget(
  table: TableRef,
  kind: ClaimReportTargetKind,
  targetId: string,
): Promise<ClaimReport[]> {
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': claimReportsOfTargetPartition(kind, targetId) },
      Limit: 200,
    }),
  );
  return (reply.Items ?? []).map(toReport);
}
