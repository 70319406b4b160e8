// Whose pie is it: the fan of each of a set of pies, read from the pies' own items (data/pies.ts writes them), for
// staff reads that meet a pie's money in the ledger before they know its fan (the wallet lines read by date).
import * as z from 'zod/mini';
import { pieKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { batchGetAll } from './table';

const ownerSchema = z.object({ pk: z.string(), fanId: z.string() });

/** Access pattern `fanIdsOfPies`: BatchGet `PIE#<pieId> / PIE`, projection `pk, fanId`; a pie with no item is left out. */
export async function fanIdsOfPies(table: TableRef, pieIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(pieIds)];
  const owners = new Map<string, string>();
  if (unique.length === 0) return owners;
  const items = await batchGetAll(
    table,
    unique.map((pieId) => pieKey(pieId)),
    { projection: 'pk, fanId', parallel: 4 },
  );
  for (const item of items) {
    const { pk, fanId } = readStored('pie owner', ownerSchema, item);
    owners.set(pk.slice('PIE#'.length), fanId);
  }
  return owners;
}
