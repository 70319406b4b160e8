// The data modules read their stored items back through the zod schemas of what they write (readStored,
// functions/data/stored-item.ts), on DynamoDB Local: an item whose stored shape is not its entity's is refused with a
// CorruptStoredItem naming the entity, rather than coerced (`String(…)`, `typeof`) into a value nobody stored. One row
// per module's read.
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { findAccountByEmail, listConnections } from '../../functions/data/accounts';
import { listClaimVerificationAttempts } from '../../functions/data/claim-verification-attempts';
import { getClaim, getSuccessfulClaimOfArtist, listClaimAuditEntries } from '../../functions/data/claims';
import { findFanByUsername, getFanProfile } from '../../functions/data/fan-profiles';
import { getGiveBack, getGiveBackTotal } from '../../functions/data/give-backs';
import {
  claimAuditKey,
  claimVerificationAttemptKey,
  claimKey,
  connectionKey,
  emailGuardKey,
  fanProfileKey,
  officeMemberKey,
  officePartition,
  personalOfficeGuardKey,
  promoPoolKey,
  socialProfileKey,
  successfulClaimGuardKey,
  usernameGuardKey,
} from '../../functions/data/keys';
import { getOfficeInvitation } from '../../functions/data/offices/invitations';
import { getMemberArtistIds } from '../../functions/data/offices/member-artists';
import { getPersonalOfficeId } from '../../functions/data/offices/office';
import { getPromoPool } from '../../functions/data/promo-codes';
import { listSocialProfiles } from '../../functions/data/social-profiles';
import { CorruptStoredItem } from '../../functions/data/stored-item';
import type { TableRef } from '../../functions/data/table';
import { testTable } from '../support/test-table';

async function storeRaw(item: Record<string, unknown>): Promise<void> {
  const table = testTable();
  await table.client.send(new PutCommand({ TableName: table.name, Item: item }));
}

/** One stored item whose shape is not its entity's, and the read that meets it. */
interface CorruptItem {
  /** The entity the refusal names. */
  entity: string;
  /** The item as stored, under keys made from a fresh id. */
  item: (id: string) => Record<string, unknown>;
  read: (table: TableRef, id: string) => Promise<unknown>;
}

const at = '2026-11-20T10:00:00.000Z';

const corruptItems: [string, CorruptItem][] = [
  [
    'a claim of no known status',
    {
      entity: 'claim',
      item: (id) => ({
        ...claimKey(id),
        entity: 'claim',
        v: 1,
        id,
        officeId: 'o1',
        artistId: 'a1',
        artistName: 'Odetta',
        status: 'Maybe',
        verificationMethod: 'bio',
        selectedPlatform: 'spotify',
        verificationString: `openpie-${id}`,
        agreedAt: at,
        createdBy: 'u1',
        createdAt: at,
        updatedAt: at,
      }),
      read: (table, id) => getClaim(table, id),
    },
  ],
  [
    "a claim's audit entry without the status it moved to",
    {
      entity: 'claim audit entry',
      item: (id) => ({
        ...claimAuditKey(id, at, 'e1'),
        entity: 'claim-audit',
        v: 1,
        claimId: id,
        from: null,
        reason: 'Claimed',
        actorKind: 'office',
        actorId: 'u1',
        at,
      }),
      read: (table, id) => listClaimAuditEntries(table, id),
    },
  ],
  [
    "an artist's successful-claim guard whose claim id is a number",
    {
      entity: 'successful-claim guard',
      item: (id) => ({
        ...successfulClaimGuardKey(id),
        entity: 'successful-claim-guard',
        v: 1,
        claimId: 7,
        officeId: 'o1',
      }),
      read: (table, id) => getSuccessfulClaimOfArtist(table, id),
    },
  ],
  [
    "an e-mail's guard without its account",
    {
      entity: 'e-mail guard',
      item: (id) => ({ ...emailGuardKey('fan', `${id}@example.com`), entity: 'email-guard', v: 1 }),
      read: (table, id) => findAccountByEmail(table, 'fan', `${id}@example.com`),
    },
  ],
  [
    'a connection whose time is a number',
    {
      entity: 'connection',
      item: (id) => ({
        ...connectionKey('fan', id, 'spotify'),
        entity: 'connection',
        v: 1,
        provider: 'spotify',
        providerUserId: 'sp-1',
        connectedAt: 1,
      }),
      read: (table, id) => listConnections(table, 'fan', id),
    },
  ],
  [
    'a fan profile of no known visibility',
    {
      entity: 'fan profile',
      item: (id) => ({ ...fanProfileKey(id), entity: 'fan-profile', v: 1, visibility: 'secret' }),
      read: (table, id) => getFanProfile(table, id),
    },
  ],
  [
    "a username's guard whose fan is a number",
    {
      entity: 'username guard',
      item: (id) => ({ ...usernameGuardKey(id), entity: 'username-guard', v: 1, fanId: 7 }),
      read: (table, id) => findFanByUsername(table, id),
    },
  ],
  [
    'a give-back whose amount is text',
    {
      entity: 'give-back',
      item: (id) => ({
        pk: `GIVE_BACKS#${id}`,
        sk: 'GIVE_BACK#r1',
        entity: 'give-back',
        v: 1,
        officeId: id,
        requestId: 'r1',
        artistId: 'a1',
        artistName: 'Odetta',
        amountCents: '100',
        shares: [],
        status: 'pending',
        transactionId: 't1',
        createdBy: 'u1',
        createdAt: at,
      }),
      read: (table, id) => getGiveBack(table, id, 'r1'),
    },
  ],
  [
    'a give-back total whose version is text',
    {
      entity: 'give-back total',
      item: (id) => ({
        pk: `GIVE_BACKS#${id}`,
        sk: 'ARTIST_TOTAL#a1',
        entity: 'give-back-total',
        v: 1,
        givenBackCents: 100,
        version: '1',
      }),
      read: (table, id) => getGiveBackTotal(table, id, 'a1'),
    },
  ],
  [
    'an office invitation of no known role',
    {
      entity: 'office invitation',
      item: (id) => ({
        pk: officePartition(id),
        sk: 'INVITATION#ann@example.com',
        entity: 'office-invitation',
        v: 1,
        officeId: id,
        email: 'ann@example.com',
        role: 'owner',
        tokenHash: 'h1',
        invitedBy: 'u1',
        invitedAt: at,
        expiresAt: at,
        status: 'pending',
      }),
      read: (table, id) => getOfficeInvitation(table, id, 'ann@example.com'),
    },
  ],
  [
    'an office member whose artists are a list, not a set',
    {
      entity: 'office member',
      item: (id) => ({
        ...officeMemberKey(id, 'u1'),
        entity: 'office-member',
        v: 1,
        userId: 'u1',
        artistIds: ['a1'],
      }),
      read: (table, id) => getMemberArtistIds(table, id, 'u1'),
    },
  ],
  [
    "a user's personal-office guard whose office is a number",
    {
      entity: 'personal-office guard',
      item: (id) => ({ ...personalOfficeGuardKey(id), entity: 'personal-office-guard', v: 1, officeId: 7 }),
      read: (table, id) => getPersonalOfficeId(table, id),
    },
  ],
  [
    "a claim's verification attempt that says neither found nor not",
    {
      entity: 'claim verification attempt',
      item: (id) => ({
        ...claimVerificationAttemptKey(id, at, 'a1'),
        entity: 'claim-verification-attempt',
        v: 1,
        id: 'a1',
        claimId: id,
        method: 'bio',
        platform: 'spotify',
        checked: 'https://open.spotify.com/artist/a1',
        found: 'maybe',
        detail: 'Not in the bio',
        at,
        byKind: 'office',
        byId: 'u1',
      }),
      read: (table, id) => listClaimVerificationAttempts(table, id),
    },
  ],
  [
    'a social profile of no known platform',
    {
      entity: 'social profile',
      item: (id) => ({
        ...socialProfileKey(id, 'myspace', 'p1'),
        entity: 'social-profile',
        v: 1,
        platform: 'myspace',
        profileId: 'p1',
        bio: '',
        readAt: at,
      }),
      read: (table, id) => listSocialProfiles(table, id),
    },
  ],
  [
    'a promo code pool whose count is text',
    {
      entity: 'promo-code pool',
      item: (id) => ({
        ...promoPoolKey(id),
        entity: 'promo-pool',
        v: 1,
        added: 10,
        claimed: 0,
        remaining: '10',
      }),
      read: (table, id) => getPromoPool(table, id),
    },
  ],
];

describe('claims, accounts, fan profiles, give-backs, offices, verification, social profiles and promo pools read through their schemas', () => {
  it.each(corruptItems)('refuses %s', async (_what, { entity, item, read }) => {
    // Prepare
    const id = randomUUID();
    await storeRaw(item(id));

    // Act
    const reading = read(testTable(), id);

    // Assess
    const error: unknown = await reading.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(CorruptStoredItem);
    expect((error as CorruptStoredItem).entity).toBe(entity);
  });
});
