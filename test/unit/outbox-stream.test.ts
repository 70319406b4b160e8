// What both halves of the outbox share (functions/services/outbox-stream.ts): which stream changes are theirs, and
// marking an item the receiver already has without ever failing the record. The logger is a recording fake: the
// lines it receives are what is asserted.
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../functions/runtime/logger';
import { insertedImageOf, markHandedOver } from '../../functions/services/outbox-stream';

function recordingLogger() {
  const lines: { level: string; message: string; fields: Record<string, unknown> | undefined }[] = [];
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, fields });
  };
  const log: Logger = {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: () => log,
  };
  return { log, lines };
}

const messages = { twice: 'marked twice', unmarked: 'handed over but not marked' };

describe('insertedImageOf', () => {
  it('answers the new image of an inserted item of the entity, and null for any other change', () => {
    // Prepare
    const image = { entity: { S: 'outbox-mail' }, id: { S: 'm-1' } };
    // Act / Assess
    expect(insertedImageOf({ eventName: 'INSERT', newImage: image }, 'outbox-mail')).toBe(image);
    expect(insertedImageOf({ eventName: 'MODIFY', newImage: image }, 'outbox-mail')).toBeNull();
    expect(insertedImageOf({ eventName: 'INSERT', newImage: image }, 'outbox-event')).toBeNull();
    expect(insertedImageOf({ eventName: 'INSERT', newImage: undefined }, 'outbox-mail')).toBeNull();
    expect(
      insertedImageOf({ eventName: 'INSERT', newImage: { entity: 'outbox-mail' } }, 'outbox-mail'),
    ).toBeNull();
  });
});

describe('markHandedOver', () => {
  it('logs nothing when the mark is made', async () => {
    // Prepare
    const { log, lines } = recordingLogger();
    // Act
    await markHandedOver(log, async () => true, messages, { mailId: 'm-1' });
    // Assess
    expect(lines).toEqual([]);
  });

  it('warns when another delivery marked the item first', async () => {
    // Prepare
    const { log, lines } = recordingLogger();
    // Act
    await markHandedOver(log, async () => false, messages, { mailId: 'm-2' });
    // Assess
    expect(lines).toEqual([{ level: 'warn', message: 'marked twice', fields: { mailId: 'm-2' } }]);
  });

  it('logs a failed mark as an error and does not throw, so the record is not handed over again', async () => {
    // Prepare
    const { log, lines } = recordingLogger();
    const failure = new Error('table unavailable');
    // Act
    await markHandedOver(
      log,
      async () => {
        throw failure;
      },
      messages,
      { eventId: 'e-1', type: 'claim.reported' },
    );
    // Assess
    expect(lines).toEqual([
      {
        level: 'error',
        message: 'handed over but not marked',
        fields: { eventId: 'e-1', type: 'claim.reported', error: failure },
      },
    ]);
  });
});
