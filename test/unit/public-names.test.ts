import { describe, expect, it } from 'vitest';
import {
  createOfficeSchema,
  renameOfficeSchema,
  updateOfficeSchema,
} from '../../functions/contracts/offices';
import { containsLink } from '../../functions/contracts/public-names';
import { usernameUpdateSchema } from '../../functions/contracts/fan-profile';
import { buildOfficeInvitationMail } from '../../functions/domain/offices/invitations';

// Names others read: an office's name reaches invitation mails' subjects, a fan's username their public profile.

function fieldMessage(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.error?.issues.find((issue) => issue.path[0] === 'name' || issue.path[0] === 'username')
    ?.message;
}

describe('office names carry no links', () => {
  const refusal = 'An office name cannot contain a link or a web address';

  it.each([
    'URGENT: verify your bank at http://bank.example',
    'Visit https://x.io now',
    'www.x.com',
    'x.com/y',
    'Night Owls (nightowls.com)',
    'Pay at paypal.me/owls',
    'hxxp stays but ftp://files.example.org does not',
    'Mail us: owner@records.net',
  ])('refuses "%s" at create, update and rename with a field message', (name) => {
    for (const result of [
      createOfficeSchema.safeParse({ name }),
      updateOfficeSchema.safeParse({ name }),
      renameOfficeSchema.safeParse({ officeId: 'office-1', name }),
    ]) {
      expect(result.success).toBe(false);
      expect(fieldMessage(result)).toBe(refusal);
    }
  });

  it.each([
    'Night Owls Records',
    'St. Vincent Music',
    'will.i.am Music',
    'A.B.C. Productions',
    'Label No. 5',
  ])('accepts "%s"', (name) => {
    expect(createOfficeSchema.safeParse({ name }).success).toBe(true);
  });
});

describe('invitation mails neutralise a stored name with a link', () => {
  it('writes the link of a name stored before the rule so that no mail program makes it a link', () => {
    // Act
    const mail = buildOfficeInvitationMail({
      to: 'invitee@example.com',
      officeName: 'URGENT: verify your bank at http://bank.example/login or www.bank.example',
      role: 'member',
      link: 'https://openpie.example/for-artists/office-invitation/o1?token=t',
    });
    // Assess
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('http://bank');
      expect(part).not.toContain('bank.example');
      expect(part).not.toContain('www.');
    }
    expect(mail.subject).toBe(
      'Join URGENT: verify your bank at http[:]//bank[.]example/login or www[.]bank[.]example on OpenPie',
    );
    expect(mail.links).toEqual(['https://openpie.example/for-artists/office-invitation/o1?token=t']);
  });
});

describe('reserved usernames', () => {
  const refusal = 'This username is reserved for OpenPie. Please choose another one.';

  it.each([
    'admin',
    'Admin',
    'support',
    'openpie',
    'OpenPie_Support',
    'open.pie',
    'root',
    'staff',
    'help',
    'security',
    'billing',
    'api',
    'www',
    'system',
    'null',
    'undefined',
    'moderator',
    'ad_min',
  ])('refuses "%s" with a field message', (username) => {
    const result = usernameUpdateSchema.safeParse({ username });
    expect(result.success).toBe(false);
    expect(fieldMessage(result)).toBe(refusal);
  });

  it.each(['administrator_fan', 'supportive', 'helpful_hannah', 'nullify', 'pie_lover'])(
    'accepts "%s"',
    (username) => {
      expect(usernameUpdateSchema.safeParse({ username }).success).toBe(true);
    },
  );
});

describe('office names the product makes or stores', () => {
  it('refuses a link in a name given to the office rules, and names a personal office "My office" when the person’s name holds one', async () => {
    const { normaliseOfficeName, personalOfficeName } = await import('../../functions/domain/offices/office');
    expect(() => normaliseOfficeName('  www.owls.com ')).toThrow(
      expect.objectContaining({ fields: { name: 'An office name cannot contain a link or a web address' } }),
    );
    expect(normaliseOfficeName('  Night Owls ')).toBe('Night Owls');
    expect(personalOfficeName('Visit', 'owls.com')).toBe('My office');
    expect(personalOfficeName('Ada', 'Lovelace')).toBe("Ada Lovelace's office");
  });
});

describe('the payout-failed mail', () => {
  it('writes an office name stored with a link so that no mail program makes it one', async () => {
    const { buildPayoutFailedMail } = await import('../../functions/services/connect/payout-mail');
    const mail = buildPayoutFailedMail({
      to: 'admin@example.com',
      officeName: 'Owls at www.owls.com',
      amountCents: 2000,
      netCents: 1750,
      reason: 'The account was closed.',
      link: 'https://openpie.example/for-artists/funds',
    });
    expect(mail.text).toContain('from Owls at www[.]owls[.]com (');
    expect(`${mail.text}${mail.html}`).not.toContain('www.owls.com');
  });
});

describe('the link check on long input', () => {
  it('reads a megabyte-long name at once, and the schema refuses it for its length alone', () => {
    // Prepare: what a hostile client sends (the request body limit is 1 MB)
    const long = `${'a-'.repeat(250_000)}a`;
    const started = Date.now();
    // Act
    const result = createOfficeSchema.safeParse({ name: long });
    const found = [
      'ab.'.repeat(100_000),
      `${'.'.repeat(300_000)}a`,
      'a'.repeat(1_000_000),
      'www'.repeat(300_000),
    ].some(containsLink);
    // Assess
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Use at most 100 characters']);
    expect(found).toBe(false);
  });
});
