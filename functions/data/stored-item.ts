// Reading a stored item back through the zod schema of what is stored: an item that is not what its module wrote (a
// field of another type, a required field missing) stops the read with an internal error that names the entity and
// what did not match, instead of being coerced into a value nobody stored.
import * as z from 'zod/mini';

/** A stored item whose shape is not its entity's: a fault in the table, answered as an internal error. */
export class CorruptStoredItem extends Error {
  override readonly name = 'CorruptStoredItem';
  readonly entity: string;

  constructor(entity: string, error: z.core.$ZodError) {
    super(`A stored ${entity} item does not have the shape of one:\n${z.prettifyError(error)}`, {
      cause: error,
    });
    this.entity = entity;
  }
}

/** The item as its schema reads it, or a `CorruptStoredItem` naming the entity. */
export function readStored<Schema extends z.ZodMiniType>(
  entity: string,
  schema: Schema,
  item: unknown,
): z.output<Schema> {
  const read = schema.safeParse(item);
  if (!read.success) throw new CorruptStoredItem(entity, read.error);
  return read.data;
}

/** An item's key, as a read that deletes or compares items by key projects it. */
export const storedItemKeySchema = z.object({ pk: z.string(), sk: z.string() });

/** An item's sort key, as a read that only asks whether items exist projects it. */
export const storedSortKeySchema = z.object({ sk: z.string() });
