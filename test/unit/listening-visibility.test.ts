// Who may see a fan's profile and listening (functions/domain/listening/visibility.ts, decisions 009 and 010).
import { describe, expect, it } from 'vitest';
import { canSeeFan } from '../../functions/domain/listening/visibility';

describe('canSeeFan', () => {
  it.each([
    ['the fan themselves, private', 'me', { id: 'me', active: true, visibility: 'private' as const }, true],
    ['another fan, private', 'you', { id: 'me', active: true, visibility: 'private' as const }, false],
    ['another fan, open to fans', 'you', { id: 'me', active: true, visibility: 'fans' as const }, true],
    ['another fan, deleted account', 'you', { id: 'me', active: false, visibility: 'fans' as const }, false],
    [
      'the fan themselves, deleted account',
      'me',
      { id: 'me', active: false, visibility: 'fans' as const },
      false,
    ],
  ])('%s: %s', (_case, viewerId, fan, expected) => {
    expect(canSeeFan(viewerId, fan)).toBe(expected);
  });
});
