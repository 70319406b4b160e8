// Payouts of offices (docs/data-model.md "Payouts", decision 029). A payout item per request,
// found by id and listed per office through gsi1, by the month it last changed through gsi2 and, while open, in the
// open payouts' partition of gsi3 (so the daily reconciliation reads what is open or changed, decision 054); beside it two guards written in the same TransactWriteItems as the
// payout's ledger transaction: `PAYOUT_OPEN#<officeId>` (one payout between booking and transfer, so two requests at
// once pay once) and `PAYOUT_FEE_MONTH#<officeId>#<month>` (the $2 active-account fee charged once a month). Status
// changes are conditional on the status they leave, so a webhook delivered twice or racing the request changes once.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { payoutStatuses } from '../contracts/artist-payments';
import type { PayoutStatus } from '../contracts/artist-payments';
import {
  officePayoutsPartition,
  openPayoutsPartition,
  payoutFeeMonthKey,
  payoutKey,
  payoutOpenGuardKey,
  payoutsChangedPartition,
} from './keys';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import { isConditionFailure, putNewItem, queryAll, updateIfCondition } from './table';

const payoutVersion = 1;

const storedPayoutSchema = z.object({
  id: z.string(),
  officeId: z.string(),
  status: z.enum(payoutStatuses),
  amountCents: z.number(),
  payoutFeeCents: z.number(),
  monthlyFeeCents: z.number(),
  feesCents: z.number(),
  netCents: z.number(),
  feeMonth: z.string(),
  stripeAccountId: z.string(),
  requestedBy: z.string(),
  transactionId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  transferId: z.optional(z.string()),
  stripePayoutId: z.optional(z.string()),
  arrivalDate: z.optional(z.string()),
  completedAt: z.optional(z.string()),
  failedAt: z.optional(z.string()),
  failureReason: z.optional(z.string()),
  reversalTransactionId: z.optional(z.string()),
  /** The `transfer` transaction that moved the net from in flight to Stripe clearing when the bank paid it. */
  settlementTransactionId: z.optional(z.string()),
});
export type StoredPayout = z.infer<typeof storedPayoutSchema>;

/** What a payout learns after it is created: Stripe's ids, its arrival and its outcome. */
type PayoutOutcomeField =
  | 'transferId'
  | 'stripePayoutId'
  | 'arrivalDate'
  | 'completedAt'
  | 'failedAt'
  | 'failureReason'
  | 'reversalTransactionId'
  | 'settlementTransactionId';

type NewPayout = Omit<StoredPayout, PayoutOutcomeField>;

/** A payout is open until the bank has its money or it failed. */
const openStatuses: readonly PayoutStatus[] = ['pending', 'in_progress'];

/** The gsi2 keys of a payout that changed at `at`: its month's partition, then the instant. */
function changedKeys(payoutId: string, at: string): { gsi2pk: string; gsi2sk: string } {
  return { gsi2pk: payoutsChangedPartition(at.slice(0, 7)), gsi2sk: `${at}#${payoutId}` };
}

function toPayout(item: Record<string, NativeAttributeValue>): StoredPayout {
  return readStored('payout', storedPayoutSchema, item);
}

/**
 * The items that book a payout, written with its ledger transaction (`postTransactionAlongside`): the payout, the
 * office's open-payout guard (refused while another payout is open), and the month's fee marker: made when this
 * payout charges the monthly fee (refused if another did meanwhile), checked to exist when it does not (refused if
 * the payout that paid it failed meanwhile). Any refusal writes nothing, money included.
 */
export function buildPayoutBookingItems(table: TableRef, payout: NewPayout): TransactionItem[] {
  const feeMarker = payoutFeeMonthKey(payout.officeId, payout.feeMonth);
  return [
    putNewItem(table, {
      ...payoutKey(payout.id),
      entity: 'payout',
      v: payoutVersion,
      gsi1pk: officePayoutsPartition(payout.officeId),
      gsi1sk: `${payout.createdAt}#${payout.id}`,
      ...changedKeys(payout.id, payout.createdAt),
      gsi3pk: openPayoutsPartition,
      gsi3sk: `${payout.createdAt}#${payout.id}`,
      ...payout,
    }),
    putNewItem(table, {
      ...payoutOpenGuardKey(payout.officeId),
      entity: 'payout-open',
      v: payoutVersion,
      officeId: payout.officeId,
      payoutId: payout.id,
      createdAt: payout.createdAt,
    }),
    payout.monthlyFeeCents > 0
      ? putNewItem(table, {
          ...feeMarker,
          entity: 'payout-fee-month',
          v: payoutVersion,
          officeId: payout.officeId,
          month: payout.feeMonth,
          payoutId: payout.id,
        })
      : {
          ConditionCheck: {
            TableName: table.name,
            Key: feeMarker,
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
  ];
}

export async function getPayout(table: TableRef, payoutId: string): Promise<StoredPayout | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: payoutKey(payoutId), ConsistentRead: true }),
  );
  return Item ? toPayout(Item) : null;
}

/** An office's open-payout guard, as read back: the payout holding it. */
const storedOpenPayoutGuardSchema = z.object({ payoutId: z.string() });

/** The payout holding the office's open-payout guard, if one does. */
export async function getOpenPayoutId(table: TableRef, officeId: string): Promise<string | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: payoutOpenGuardKey(officeId), ConsistentRead: true }),
  );
  return Item ? readStored('open-payout guard', storedOpenPayoutGuardSchema, Item).payoutId : null;
}

/** Whether a payout of the office paid the active-account fee of `month`. */
export async function isMonthlyFeePaid(table: TableRef, officeId: string, month: string): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: payoutFeeMonthKey(officeId, month),
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

/** An office has a few payouts a month at most, so its whole list is a few small Query pages, newest first. */
export const maxOfficePayoutsListed = 1000;
export async function listOfficePayouts(table: TableRef, officeId: string): Promise<StoredPayout[]> {
  const items = await queryAll(table, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': officePayoutsPartition(officeId) },
    ScanIndexForward: false,
    Limit: maxOfficePayoutsListed,
  });
  return items.slice(0, maxOfficePayoutsListed).map(toPayout);
}

/** One page of an office's payouts, newest first (the bench and long lists). */
export async function listOfficePayoutPage(
  table: TableRef,
  officeId: string,
  limit: number,
): Promise<StoredPayout[]> {
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': officePayoutsPartition(officeId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (reply.Items ?? []).map(toPayout);
}

/**
 * Every office's payouts still open (pending or in progress), oldest first: the sparse open partition of gsi3, which a
 * payout leaves when it completes or fails.
 */
export async function listOpenPayouts(table: TableRef): Promise<StoredPayout[]> {
  const items = await queryAll(table, {
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': openPayoutsPartition },
  });
  return items.map(toPayout);
}

/** The `YYYY-MM` months from `from`'s to `to`'s, in order. */
function monthsBetween(from: Date, to: Date): string[] {
  const months: string[] = [];
  const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  while (at.getTime() <= to.getTime()) {
    months.push(at.toISOString().slice(0, 7));
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return months;
}

/**
 * Every office's payouts whose last change (booked, transferred, paid out, completed, failed, its money step noted)
 * was at or after `since`: gsi2's partition of each month from `since`'s to `now`'s, from `since` on.
 */
export async function listPayoutsChangedSince(
  table: TableRef,
  since: Date,
  now: Date,
): Promise<StoredPayout[]> {
  const months = await Promise.all(
    monthsBetween(since, now).map((month) =>
      queryAll(table, {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :since',
        ExpressionAttributeValues: {
          ':pk': payoutsChangedPartition(month),
          ':since': since.toISOString(),
        },
      }),
    ),
  );
  return months.flat().map(toPayout);
}

type PayoutChange = Partial<Pick<StoredPayout, PayoutOutcomeField>>;

/**
 * Moves a payout to `to` with `change`, only from one of `from`: true when this call moved it, false when it was in
 * another status (a repeated webhook, a race already decided).
 */
export async function movePayout(
  table: TableRef,
  payoutId: string,
  from: readonly PayoutStatus[],
  to: PayoutStatus,
  change: PayoutChange,
  at: Date,
): Promise<boolean> {
  const changed = changedKeys(payoutId, at.toISOString());
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, NativeAttributeValue> = {
    ':to': to,
    ':at': at.toISOString(),
    ':changedPk': changed.gsi2pk,
    ':changedSk': changed.gsi2sk,
  };
  const sets = ['#status = :to', '#updatedAt = :at', 'gsi2pk = :changedPk', 'gsi2sk = :changedSk'];
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const fromNames = from.map((status, index) => {
    values[`:from${index}`] = status;
    return `:from${index}`;
  });
  return updateIfCondition(table, {
    Key: payoutKey(payoutId),
    // A payout that completes or fails leaves the open payouts' partition.
    UpdateExpression: `SET ${sets.join(', ')}${openStatuses.includes(to) ? '' : ' REMOVE gsi3pk, gsi3sk'}`,
    ConditionExpression: `attribute_exists(pk) AND #status IN (${fromNames.join(', ')})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/** Frees the office for its next payout, if this payout still holds the guard. */
export async function releasePayoutGuard(table: TableRef, officeId: string, payoutId: string): Promise<void> {
  await deleteIfOwned(table, payoutOpenGuardKey(officeId), payoutId);
}

/** A failed payout paid no active-account fee: the month's next payout pays it. */
export async function releaseMonthlyFee(
  table: TableRef,
  officeId: string,
  month: string,
  payoutId: string,
): Promise<void> {
  await deleteIfOwned(table, payoutFeeMonthKey(officeId, month), payoutId);
}

async function deleteIfOwned(
  table: TableRef,
  key: { pk: string; sk: string },
  payoutId: string,
): Promise<void> {
  try {
    await table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: key,
        ConditionExpression: 'payoutId = :id',
        ExpressionAttributeValues: { ':id': payoutId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
