// What the two halves of the transactional outbox share (outbox-mail-delivery.ts, outbox-event-publishing.ts): each
// reads the new items the table's stream hands over, hands each to a receiver (SES, the bus) and marks it handed.
import type { Logger } from '../runtime/logger';

/** One change of the table as its stream tells it: the kind of change and the item's new image (marshalled). */
export interface TableChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage: Record<string, unknown> | undefined;
}

/**
 * The new image of a newly inserted item of `entity`; null for anything else. The stream's filter lets nothing else
 * through, and anything else is not the worker's to handle, nor to fail on.
 */
export function insertedImageOf(change: TableChange, entity: string): Record<string, unknown> | null {
  const image = change.newImage;
  const imageEntity = (image?.['entity'] as { S?: unknown } | undefined)?.S;
  return change.eventName === 'INSERT' && image && imageEntity === entity ? image : null;
}

/**
 * Marks an item the receiver already has (`mark` answers false when another delivery marked it first). Never throws:
 * failing the record now would only hand the item over again on the retry.
 */
export async function markHandedOver(
  log: Logger,
  mark: () => Promise<boolean>,
  messages: { twice: string; unmarked: string },
  fields: Record<string, unknown>,
): Promise<void> {
  try {
    if (!(await mark())) log.warn(messages.twice, fields);
  } catch (error) {
    log.error(messages.unmarked, { ...fields, error });
  }
}
