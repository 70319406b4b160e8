// Demo data for local mode, written on first start only (a seed marker says it was) and never in AWS: a verified
// demo fan, a verified artist-side user with a complete profile, and a staff admin. The console prints their logins.
import { randomUUID } from 'node:crypto';
import { createAccount } from '../functions/data/accounts';
import { createDocumentClient } from '../functions/data/client';
import { isSeeded, markSeeded } from '../functions/data/seed-markers';
import type { TableRef } from '../functions/data/table';
import type { AccountKind } from '../functions/domain/identity/account';
import { buildAccount } from '../functions/domain/identity/account';
import { findPasswordProblem } from '../functions/domain/identity/password-policy';
import { createPasswordHasher, owaspScryptParameters } from '../functions/integrations/password-hashing';

export interface SeedResult {
  lines: string[];
}

interface DemoAccount {
  kind: AccountKind;
  label: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string;
  country?: string;
  where: string;
}

/** Fixed, so the printed logins stay true across restarts; each passes the password policy. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    kind: 'fan',
    label: 'fan',
    email: 'demo-fan@openpie.example',
    password: 'demo-fan-pie-2026',
    firstName: 'Dana',
    lastName: 'Fan',
    where: '/login',
  },
  {
    kind: 'artist',
    label: 'artist',
    email: 'demo-artist@openpie.example',
    password: 'demo-artist-pie-2026',
    firstName: 'Ari',
    lastName: 'Artist',
    phoneNumber: '+1 555 0100',
    country: 'US',
    where: '/for-artists/login',
  },
  {
    kind: 'admin',
    label: 'staff',
    email: 'demo-admin@openpie.example',
    password: 'demo-admin-pie-2026',
    firstName: 'Sam',
    lastName: 'Staff',
    where: '/admin',
  },
];

const identityMarker = 'demo-identity-v1';

function readTable(): TableRef {
  const { TABLE_NAME, DYNAMODB_ENDPOINT, AWS_REGION, STAGE } = process.env;
  if (STAGE !== 'local' || !TABLE_NAME || !DYNAMODB_ENDPOINT) {
    throw new Error('Demo data is seeded in local mode only (STAGE=local with DynamoDB Local).');
  }
  return {
    client: createDocumentClient({ region: AWS_REGION ?? 'us-east-1', endpoint: DYNAMODB_ENDPOINT }),
    name: TABLE_NAME,
  };
}

async function seedDemoAccounts(table: TableRef, now: Date): Promise<void> {
  if (await isSeeded(table, identityMarker)) return;
  const hasher = createPasswordHasher(owaspScryptParameters);
  for (const demo of demoAccounts) {
    const problem = findPasswordProblem(demo.password);
    if (problem) throw new Error(`The demo ${demo.label} password breaks the policy: ${problem}`);
    const account = buildAccount(
      {
        kind: demo.kind,
        id: randomUUID(),
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        passwordHash: await hasher.hash(demo.password),
        emailVerifiedAt: now.toISOString(),
        promoEligible: false,
      },
      now,
    );
    // An account left by an interrupted first start is kept as it is.
    await createAccount(table, {
      ...account,
      email: demo.email,
      phoneNumber: demo.phoneNumber ?? null,
      country: demo.country ?? null,
    });
  }
  await markSeeded(table, identityMarker, now);
}

export async function seedDemoData(): Promise<SeedResult> {
  const table = readTable();
  try {
    await seedDemoAccounts(table, new Date());
  } finally {
    table.client.destroy();
  }
  return {
    lines: [
      'Demo logins:',
      ...demoAccounts.map(
        (demo) => `  ${demo.label.padEnd(7)} ${demo.email} / ${demo.password}  (at ${demo.where})`,
      ),
      'Mail sent locally: /dev/mailbox',
    ],
  };
}
