// What the identity use cases take (table, clock, ports, configuration) as one object, and the deployment's default
// wiring, so handlers stay thin and tests can pass fakes of the clock, the hasher, the human check or the waits.
import type { HumanCheck } from '../../integrations/captcha';
import type { PasswordHasher } from '../../integrations/password-hashing';
import { getClock } from '../../runtime/clock';
import { perEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import { getSigningKey } from '../../runtime/signing-key';
import { getTable } from '../../runtime/table';
import { getHumanCheck } from '../human-check';
import { getPasswordHasher } from '../password-hasher';
import type { SessionDependencies } from '../sessions';

export interface IdentityDependencies extends SessionDependencies {
  passwordHasher: PasswordHasher;
  /** The human check (reCAPTCHA), loaded on first use: its secret may live in the app secret. */
  humanCheck(): Promise<HumanCheck>;
  /** The site's own origin, for the links in mail. */
  siteOrigin: string | undefined;
  /** Waits: the login's slow-down and forgot-password's minimum duration. Tests pass one that only records. */
  sleep(milliseconds: number): Promise<void>;
}

/** What a use case knows of the request that asked for it (never the HTTP event itself). */
export interface RequestContext {
  /** The caller's address where it can be trusted (services/rate-limit.ts `findClientAddress`), else null. */
  clientAddress: string | null;
  log: Logger;
}

const sleep = (milliseconds: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, milliseconds);
  });

/** The deployment's identity dependencies: the table, the product clock, scrypt, reCAPTCHA and the signing key. */
export const identityDependencies: () => IdentityDependencies = perEnv((env) => ({
  table: getTable(),
  clock: getClock(),
  signingKey: getSigningKey,
  passwordHasher: getPasswordHasher(),
  humanCheck: getHumanCheck,
  siteOrigin: env.SITE_ORIGIN,
  sleep,
}));
