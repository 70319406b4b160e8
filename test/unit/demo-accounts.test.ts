// The demo logins `npm start` prints (local/seed.ts): each demo account is stored with a password hash made once, so
// a first start spends no seconds of scrypt on them; each hash must still be its password's, at the product's own
// parameters (a sign-in would otherwise refuse the printed password, or store a stronger hash at the first sign-in).
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, owaspScryptParameters } from '../../functions/integrations/password-hashing';
import { findPasswordProblem } from '../../functions/domain/identity/password-policy';
import { demoAccounts } from '../../local/seed';

describe('the demo accounts', () => {
  it("stores each printed password's hash, at the product's parameters", async () => {
    // Prepare
    const hasher = createPasswordHasher(owaspScryptParameters);

    // Act: the four at once (scrypt runs off the main thread)
    const verified = await Promise.all(
      demoAccounts.map(async (demo) => [demo.label, await hasher.verify(demo.password, demo.passwordHash)]),
    );

    // Assess
    expect(Object.fromEntries(verified)).toEqual(
      Object.fromEntries(demoAccounts.map((demo) => [demo.label, true])),
    );
    for (const demo of demoAccounts) {
      expect(hasher.needsRehash(demo.passwordHash)).toBe(false);
      expect(findPasswordProblem(demo.password)).toBeNull();
    }
  }, 30_000);

  it('salts each hash on its own', () => {
    // Assess
    const salts = demoAccounts.map((demo) => demo.passwordHash.split('$')[3]);
    expect(new Set(salts).size).toBe(demoAccounts.length);
  });
});
