// The pure rules of claims: the state machine, the verification string, who sees and changes a claim.
import { describe, expect, it } from 'vitest';
import { claimStatuses } from '../../functions/contracts/claims';
import { canSeeClaim, requireClaimAdmin } from '../../functions/domain/claims/claim-rights';
import type { ClaimActorKind, ClaimStatus } from '../../functions/domain/claims/claim-status';
import {
  checkClaimTransition,
  checkOfficeClaimDeletion,
  isOpenClaimStatus,
  nextClaimStatuses,
} from '../../functions/domain/claims/claim-status';
import {
  checkVerificationChoice,
  generateVerificationString,
  isVerificationString,
} from '../../functions/domain/claims/verification-string';
import { errorOf } from '../support/app-error';
import type { OfficeMember } from '../../functions/domain/offices/rights';

describe('the claim state machine', () => {
  it.each<[ClaimStatus, ClaimActorKind, ClaimStatus[]]>([
    ['Pending', 'office', ['Deleted']],
    ['Pending', 'verification', ['Verified']],
    ['Pending', 'staff', ['Verified', 'Rejected', 'Deleted']],
    ['Verified', 'office', []],
    ['Verified', 'verification', []],
    ['Verified', 'staff', ['Successful', 'Rejected', 'Pending', 'Deleted']],
    ['Successful', 'office', ['Deleted']],
    ['Successful', 'staff', ['Deleted']],
    ['Rejected', 'staff', []],
    ['Deleted', 'staff', []],
  ])('from %s, %s may move a claim to %j', (from, actor, expected) => {
    // Act
    const next = nextClaimStatuses(from, actor);
    // Assess
    expect([...next].sort()).toEqual([...expected].sort());
  });

  it('answers the trimmed reason for a legal move', () => {
    // Act
    const reason = checkClaimTransition('Verified', 'Successful', 'staff', '  The bio shows the string \n');
    // Assess
    expect(reason).toBe('The bio shows the string');
  });

  it('refuses a move nobody may make (409), and a move without a reason or with a long one (422)', () => {
    // Act
    const skipping = errorOf(() => checkClaimTransition('Pending', 'Successful', 'staff', 'ok'));
    const byOffice = errorOf(() => checkClaimTransition('Verified', 'Successful', 'office', 'ok'));
    const blank = errorOf(() => checkClaimTransition('Pending', 'Rejected', 'staff', '   '));
    const long = errorOf(() => checkClaimTransition('Pending', 'Rejected', 'staff', 'x'.repeat(1001)));
    // Assess
    expect(skipping).toMatchObject({ kind: 'conflict', code: 'claim_transition_not_allowed' });
    expect(skipping.message).toBe('A pending claim cannot become successful.');
    expect(byOffice.code).toBe('claim_transition_not_allowed');
    expect(blank).toMatchObject({ kind: 'validation_failed', fields: { reason: 'Give a reason' } });
    expect(long).toMatchObject({
      kind: 'validation_failed',
      fields: { reason: 'Use at most 1000 characters' },
    });
  });

  it('lets the office delete only a pending claim', () => {
    // Act
    const refusals = claimStatuses
      .filter((status) => status !== 'Pending')
      .map((status) => errorOf(() => checkOfficeClaimDeletion(status)).code);
    // Assess
    expect(() => checkOfficeClaimDeletion('Pending')).not.toThrow();
    expect(refusals).toEqual([
      'claim_not_pending',
      'claim_not_pending',
      'claim_not_pending',
      'claim_not_pending',
    ]);
  });

  it('counts pending, verified and successful claims as open', () => {
    // Act
    const open = claimStatuses.filter(isOpenClaimStatus);
    // Assess
    expect(open).toEqual(['Pending', 'Verified', 'Successful']);
  });
});

describe('the verification string', () => {
  it('is openpie_ and 8 letters and digits, skipping bytes that would bias the draw', () => {
    // Prepare: 248 and above are dropped (62 × 4 = 248); 62 and 123 wrap to A and 9.
    const bytes = [255, 0, 25, 26, 51, 52, 61, 62, 248, 123, 1];
    let offset = 0;
    const source = (size: number) => {
      const chunk = Uint8Array.from(
        { length: size },
        (_, index) => bytes[(offset + index) % bytes.length] ?? 0,
      );
      offset += size;
      return chunk;
    };
    // Act
    const value = generateVerificationString(source);
    // Assess
    expect(value).toBe('openpie_AZaz09A9');
    expect(isVerificationString(value)).toBe(true);
  });

  it('draws every character of the alphabet about equally often', () => {
    // Prepare
    let state = 7;
    const source = (size: number) =>
      Uint8Array.from({ length: size }, () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state >>> 23;
      });
    const counts = new Map<string, number>();
    // Act
    for (let round = 0; round < 2000; round += 1) {
      for (const character of generateVerificationString(source).slice('openpie_'.length)) {
        counts.set(character, (counts.get(character) ?? 0) + 1);
      }
    }
    // Assess: 16,000 draws over 62 characters, about 258 each.
    expect(counts.size).toBe(62);
    expect(Math.min(...counts.values())).toBeGreaterThan(180);
    expect(Math.max(...counts.values())).toBeLessThan(340);
  });

  it.each([
    ['openpie_AbC123xY', true],
    ['openpie_AbC123x', false],
    ['openpie_AbC123xYZ', false],
    ['openpie_AbC-23xY', false],
    ['OPENPIE_AbC123xY', false],
  ])('%s is a verification string: %s', (value, expected) => {
    expect(isVerificationString(value)).toBe(expected);
  });

  it('pairs the Spotify bio with Spotify and the social bio with the four social platforms', () => {
    // Act
    const wrongForSpotify = errorOf(() => checkVerificationChoice('spotify-bio', 'youtube'));
    const wrongForSocial = errorOf(() => checkVerificationChoice('social-bio', 'spotify'));
    // Assess
    expect(() => checkVerificationChoice('spotify-bio', 'spotify')).not.toThrow();
    for (const platform of ['twitter', 'youtube', 'facebook', 'instagram'] as const) {
      expect(() => checkVerificationChoice('social-bio', platform)).not.toThrow();
    }
    expect(wrongForSpotify.fields).toEqual({
      selectedPlatform: 'The Spotify bio is checked on Spotify: choose Spotify',
    });
    expect(wrongForSocial.fields).toEqual({ selectedPlatform: 'Choose X, YouTube, Facebook or Instagram' });
  });
});

describe('who sees and changes a claim', () => {
  const admin: OfficeMember = { userId: 'u-admin', role: 'admin', email: 'a@example.com' };
  const member: OfficeMember = { userId: 'u-member', role: 'member', email: 'm@example.com' };
  const accountant: OfficeMember = { userId: 'u-books', role: 'accountant', email: 'b@example.com' };
  const team = [admin, member, accountant];

  it('shows every claim to admins and accountants, a member only the artists assigned to them', () => {
    // Prepare
    const assigned = new Set(['artist-1']);
    // Act
    const seen = {
      admin: canSeeClaim(team, admin.userId, 'artist-2', new Set()),
      accountant: canSeeClaim(team, accountant.userId, 'artist-2', new Set()),
      memberAssigned: canSeeClaim(team, member.userId, 'artist-1', assigned),
      memberOther: canSeeClaim(team, member.userId, 'artist-2', assigned),
      stranger: canSeeClaim(team, 'u-stranger', 'artist-1', assigned),
    };
    // Assess
    expect(seen).toEqual({
      admin: true,
      accountant: true,
      memberAssigned: true,
      memberOther: false,
      stranger: false,
    });
  });

  it('lets only an admin create or delete: 403 for other roles, 404 for a stranger', () => {
    // Act
    const byMember = errorOf(() => requireClaimAdmin(team, member.userId, 'claim'));
    const byAccountant = errorOf(() => requireClaimAdmin(team, accountant.userId, 'office'));
    const byStrangerClaim = errorOf(() => requireClaimAdmin(team, 'u-stranger', 'claim'));
    const byStrangerOffice = errorOf(() => requireClaimAdmin(team, 'u-stranger', 'office'));
    // Assess
    expect(() => requireClaimAdmin(team, admin.userId, 'claim')).not.toThrow();
    expect(byMember.kind).toBe('forbidden');
    expect(byAccountant.kind).toBe('forbidden');
    expect(byStrangerClaim).toMatchObject({ kind: 'not_found', message: 'We could not find this claim.' });
    expect(byStrangerOffice).toMatchObject({ kind: 'not_found', message: 'We could not find this office.' });
  });
});
