// `npm run admin:create -- <email>`: creates a staff account, the only way one comes to exist (no call creates
// staff). Locally it works on the local data (DynamoDB Local on DATA_DIR, as `npm run job` does); with STAGE=dev or
// prod it writes to TABLE_NAME in AWS_REGION with your AWS credentials. Asks for a password on a terminal
// (Enter generates one), generates one otherwise, and prints it once.
import { randomBytes, randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import * as z from 'zod/mini';
import { emailField, loginMessages } from '../functions/contracts/auth';
import { createAccount } from '../functions/data/accounts';
import type { TableRef } from '../functions/data/table';
import { buildVerifiedAccount } from '../functions/domain/identity/account';
import { normalizeEmail } from '../functions/domain/identity/email-address';
import { findPasswordProblem } from '../functions/domain/identity/password-policy';
import { createPasswordHasher, owaspScryptParameters } from '../functions/integrations/password-hashing';

import { withStageTable } from '../local/with-stage-table';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const emailSchema = emailField({
  required: loginMessages.emailRequired,
  invalid: loginMessages.emailInvalid,
});

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

/** Reads a line without echoing it, so the password does not stay on the screen. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    reader.question(question, (answer) => {
      reader.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function choosePassword(): Promise<{ password: string; generated: boolean }> {
  const generate = () => ({ password: randomBytes(18).toString('base64url'), generated: true });
  if (!process.stdin.isTTY) return generate();
  const typed = await askHidden('Password for the staff account (press Enter to generate one): ');
  if (typed === '') return generate();
  const problem = findPasswordProblem(typed);
  if (problem) fail(problem);
  return { password: typed, generated: false };
}

async function createStaffAccount(table: TableRef, email: string): Promise<void> {
  const { password, generated } = await choosePassword();
  const now = new Date();
  // The person running this command vouches for the address.
  const account = buildVerifiedAccount(
    {
      kind: 'admin',
      id: randomUUID(),
      email,
      passwordHash: await createPasswordHasher(owaspScryptParameters).hash(password),
    },
    now,
  );
  if ((await createAccount(table, { ...account, email })) === 'email_taken') {
    fail(`A staff account for ${email} exists already.`, 1);
  }
  console.log(`Staff account created for ${email} (id ${account.id}).`);
  if (generated) console.log(`Password (shown once, keep it safe): ${password}`);
  console.log('Sign in at /admin.');
}

const parsed = emailSchema.safeParse(process.argv[2] ?? '');
if (!parsed.success) {
  fail(`Usage: npm run admin:create -- <email>\n${z.prettifyError(parsed.error)}`);
}
const email = normalizeEmail(parsed.data);

await withStageTable('admin:create', (table) => createStaffAccount(table, email));
