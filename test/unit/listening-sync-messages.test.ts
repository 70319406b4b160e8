// The listening sync's fan-work messages (docs/decisions/048): several fans a message, and a message from before
// they carried several still read as one fan's.
import { describe, expect, it } from 'vitest';
import { listeningSyncFansPerMessage, readFanWorkMessage } from '../../functions/contracts/fan-work';
import { listeningSyncMessagesOf } from '../../functions/services/listening/listening-sync-fan-out';

describe('listening sync messages', () => {
  it('packs fans ten a message, each fan once, in order', () => {
    // Prepare
    const fanIds = Array.from({ length: 23 }, (_, index) => `fan-${index}`);
    // Act
    const messages = listeningSyncMessagesOf(fanIds, 'run-1');
    // Assess
    expect(listeningSyncFansPerMessage).toBe(10);
    expect(messages.map((message) => message.fanIds.length)).toEqual([10, 10, 3]);
    expect(messages.flatMap((message) => message.fanIds)).toEqual(fanIds);
    expect(messages.every((message) => message.kind === 'listening-sync' && message.runId === 'run-1')).toBe(
      true,
    );
    for (const message of messages) expect(readFanWorkMessage(message)).toEqual(message);
  });

  it('reads a one-fan message of before as a message of that fan, and refuses more fans than a message carries', () => {
    // Act
    const legacy = readFanWorkMessage({ kind: 'listening-sync', fanId: 'fan-1', runId: 'run-1' });
    // Assess
    expect(legacy).toEqual({ kind: 'listening-sync', fanIds: ['fan-1'], runId: 'run-1' });
    const eleven = Array.from({ length: 11 }, (_, index) => `fan-${index}`);
    expect(() => readFanWorkMessage({ kind: 'listening-sync', fanIds: eleven, runId: 'run-1' })).toThrow();
    expect(() => readFanWorkMessage({ kind: 'listening-sync', fanIds: [], runId: 'run-1' })).toThrow();
    expect(readFanWorkMessage({ kind: 'pie-split', fanId: 'fan-1', pieId: 'pie-1', runId: 'run-1' })).toEqual(
      {
        kind: 'pie-split',
        fanId: 'fan-1',
        pieId: 'pie-1',
        runId: 'run-1',
      },
    );
  });
});
