// Reconciliation's checkpoint (docs/decisions/051-reconciliation-checkpoint.md): what the daily reconciliation found
// clean, so its next run reads only what changed since. One item says up to which instant the ledger was found clean
// (`RECONCILIATION` / `CHECKPOINT`); one item per ledger account says what its entries booked before its own cut-off
// sum to (`RECONCILED_ACCOUNT#<accountId>` / `CHECKPOINT`). Written only by a run that found nothing; the run that
// finds a problem deletes the first, so the next run reads everything again.
import * as z from 'zod/mini';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountId } from '../domain/money/ledger';
import type { ItemKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { batchGetAll, batchWriteAll } from './table';

const checkpointEntity = 'reconciliation-checkpoint';
const accountEntity = 'reconciled-account';

function checkpointKey(): ItemKey {
  return { pk: 'RECONCILIATION', sk: 'CHECKPOINT' };
}

function reconciledAccountKey(accountId: string): ItemKey {
  return { pk: `RECONCILED_ACCOUNT#${accountId}`, sk: 'CHECKPOINT' };
}

/** The last clean run: the ledger up to `cutoff` (left out) added up; `at` is when that run ran. */
export interface ReconciliationCheckpoint {
  cutoff: string;
  at: string;
}

/** One account at the checkpoint: its entries booked before `upTo` sum to `cents`, and so did its balance. */
export interface ReconciledAccountCheckpoint {
  accountId: AccountId;
  cents: number;
  upTo: string;
}

const checkpointSchema = z.object({ cutoff: z.string(), at: z.string() });
const accountSchema = z.object({
  accountId: z.string(),
  cents: z.number().check(z.int()),
  upTo: z.string(),
});

/** getReconciliationCheckpoint: the last clean run's cut-off, or null (none yet, or the last run found a problem). */
export async function getReconciliationCheckpoint(table: TableRef): Promise<ReconciliationCheckpoint | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: checkpointKey(), ConsistentRead: true }),
  );
  return Item ? readStored('reconciliation checkpoint', checkpointSchema, Item) : null;
}

/** getReconciledAccounts: the checkpoint of each account that has one (BatchGet, 100 a call). */
export async function getReconciledAccounts(
  table: TableRef,
  accountIds: readonly AccountId[],
): Promise<Map<AccountId, ReconciledAccountCheckpoint>> {
  const found = new Map<AccountId, ReconciledAccountCheckpoint>();
  if (accountIds.length === 0) return found;
  const items = await batchGetAll(
    table,
    [...new Set(accountIds)].map((id) => reconciledAccountKey(id)),
    { projection: 'accountId, cents, upTo', consistent: true, parallel: 4 },
  );
  for (const item of items) {
    const parsed = readStored('reconciled account', accountSchema, item);
    found.set(parsed.accountId as AccountId, { ...parsed, accountId: parsed.accountId as AccountId });
  }
  return found;
}

/**
 * clearReconciliationCheckpoint: forgets the last clean run, so the next run reads the whole ledger (a run that found
 * a problem; the first step of writing a new checkpoint).
 */
export async function clearReconciliationCheckpoint(table: TableRef): Promise<void> {
  await table.client.send(new DeleteCommand({ TableName: table.name, Key: checkpointKey() }));
}

/**
 * putReconciliationCheckpoint: a clean run's checkpoint. The run's cut-off is removed first and written last, so a
 * run stopped half-way leaves none, and the next run reads everything: then each given account's item, then the
 * cut-off. Accounts not given keep their items (nothing of theirs changed).
 */
export async function putReconciliationCheckpoint(
  table: TableRef,
  checkpoint: ReconciliationCheckpoint,
  accounts: readonly ReconciledAccountCheckpoint[],
): Promise<void> {
  await clearReconciliationCheckpoint(table);
  await batchWriteAll(
    table,
    accounts.map((account) => ({
      PutRequest: { Item: { ...reconciledAccountKey(account.accountId), entity: accountEntity, ...account } },
    })),
    { parallel: 4 },
  );
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: { ...checkpointKey(), entity: checkpointEntity, ...checkpoint },
    }),
  );
}
