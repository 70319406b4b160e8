// Configuration, validated once per cold start: a Lambda with a bad environment fails loudly at start, naming every
// bad variable, never halfway through a request. Every environment variable the product reads is declared here, and
// only functions/runtime/ reads process.env (DESIGN §2, docs/decisions/015-application-layer.md): the OAuth
// settings (oauth-settings.ts) and the token key (token-encryption-settings.ts) are views of this one schema, merged
// with the app secret where a value may live there.
import * as z from 'zod/mini';

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** A bad configuration: one line per bad variable or secret key (`NAME: what is wrong`), never a value. */
export class ConfigurationError extends Error {
  constructor(
    readonly problems: readonly string[],
    what = 'configuration',
  ) {
    super(`Invalid ${what}: ${problems.join('; ')}`);
    this.name = 'ConfigurationError';
  }
}

interface ConfigIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  expected?: unknown;
  format?: unknown;
  values?: readonly unknown[];
}

/**
 * zod's issues as `NAME: what is wrong` lines, from the names and the checks' own sentences, never the values (zod/mini
 * carries no messages of its own, and a value may be a secret). `source` tells a missing variable from a bad one.
 */
export function describeIssues(
  issues: readonly ConfigIssue[],
  source: Readonly<Record<string, unknown>> = {},
): string[] {
  return issues.map((issue) => {
    const name = issue.path.map(String).join('.');
    return `${name}: ${describeIssue(issue, source[String(issue.path[0])] === undefined)}`;
  });
}

function describeIssue(issue: ConfigIssue, missing: boolean): string {
  if (issue.message !== 'Invalid input') return issue.message;
  if (missing) return 'missing';
  if (issue.code === 'invalid_type') return `must be a ${String(issue.expected)}`;
  if (issue.code === 'invalid_format') return `must be a ${String(issue.format).toUpperCase()}`;
  if (issue.code === 'invalid_value' && issue.values) return `must be one of ${issue.values.join(', ')}`;
  return 'is not valid';
}

/**
 * The parse options for configuration: zod's generic messages stay "Invalid input" (which describeIssue turns into its
 * own words) even where the full zod, imported elsewhere in the bundle, has installed its English locale; the checks'
 * own sentences still win over it.
 */
export const configParseOptions = { error: () => 'Invalid input' };

/** Empty values count as unset, as a blank line in an .env file (or an empty key of the app secret) means "none". */
export function withoutEmptyValues(
  source: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') result[name] = value;
  }
  return result;
}

const nonEmpty = z.string().check(z.trim(), z.minLength(1));
const longSecret = z.string().check(z.minLength(32, 'must be at least 32 characters'));

/** 32 bytes in base64: an AES-256 key-encryption key for provider tokens at rest. */
export function isAes256KeyText(value: string): boolean {
  const text = value.trim();
  return /^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, 'base64').byteLength === 32;
}
const aesKeyMessage = 'must be 32 bytes in base64';
const aesKey = z.string().check(z.refine(isAes256KeyText, aesKeyMessage));
const aesKeyList = z.string().check(
  z.refine(
    (value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0)
        .every(isAes256KeyText),
    `each comma-separated key ${aesKeyMessage}`,
  ),
);

/** The social sign-in variables (docs/decisions/006-social-sign-in.md); the client secrets may be in the app secret. */
export const oauthEnvShape = {
  /** Local only: the OAuth sandbox's base URL; defaults to SITE_ORIGIN + /_sandbox/oauth. */
  OAUTH_SANDBOX_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /** Seals the sign-in state cookie; derived from JWT_SIGNING_KEY when unset. */
  OAUTH_STATE_SECRET: z.optional(longSecret),
  OAUTH_HTTP_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(500), z.lte(30_000)), 8000),
  STAFF_EMAIL_DOMAIN: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.regex(
          /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'must be a domain name',
        ),
      ),
  ),
  /** Spotify's Web API root, so the listening work can point it at another sandbox. */
  SPOTIFY_API_URL: z.optional(z.url({ protocol: /^https?$/ })),
  SPOTIFY_CLIENT_ID: z.optional(nonEmpty),
  SPOTIFY_CLIENT_SECRET: z.optional(nonEmpty),
  GOOGLE_CLIENT_ID: z.optional(nonEmpty),
  GOOGLE_CLIENT_SECRET: z.optional(nonEmpty),
  X_CLIENT_ID: z.optional(nonEmpty),
  X_CLIENT_SECRET: z.optional(nonEmpty),
  FACEBOOK_CLIENT_ID: z.optional(nonEmpty),
  FACEBOOK_CLIENT_SECRET: z.optional(nonEmpty),
};

/** Provider tokens at rest (decision 006): a KMS key in AWS, a local key (and the keys it replaced) elsewhere. */
export const tokenEncryptionEnvShape = {
  TOKEN_ENCRYPTION_KMS_KEY_ID: z.optional(nonEmpty),
  TOKEN_ENCRYPTION_KEY: z.optional(aesKey),
  /** Comma-separated keys that sealed older values, kept readable after a rotation. */
  TOKEN_ENCRYPTION_PREVIOUS_KEYS: z.optional(aesKeyList),
};

export const envSchema = z.object({
  STAGE: z.enum(['local', 'dev', 'prod']),
  AWS_REGION: z.string().check(z.minLength(1)),
  TABLE_NAME: z.string().check(z.minLength(3), z.maxLength(255)),
  /** Set only in local mode: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  APP_VERSION: z._default(z.string(), '0.0.0'),
  /** The site's own origin, e.g. https://openpie.example or http://localhost:3000. */
  SITE_ORIGIN: z.optional(z.url()),
  LOG_LEVEL: z._default(z.enum(logLevels), 'info'),
  /** Comma-separated origins allowed to call the API cross-origin; empty in AWS (one CloudFront origin). */
  CORS_ALLOWED_ORIGINS: z._default(z.string(), ''),
  /** AWS: the app secret (JSON) holding JWT_SIGNING_KEY and the third-party keys. */
  APP_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** AWS: the Stripe secret (JSON with STRIPE_API_KEY and STRIPE_WEBHOOK_SECRET), only on the functions that move
   * money through Stripe (docs/decisions/013-least-privilege.md). */
  STRIPE_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** Local and tests: Stripe's API root (the sandbox's `http://127.0.0.1:<port>`); Stripe's own when unset. */
  STRIPE_API_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /** Local and tests (the sandbox's key); in AWS the Stripe secret holds it. */
  STRIPE_API_KEY: z.optional(nonEmpty),
  /** Local and tests; in AWS the Stripe secret holds it. Several comma-separated secrets during a rotation. */
  STRIPE_WEBHOOK_SECRET: z.optional(nonEmpty),
  /** OpenPie's fee on each pie in basis points (100 = 1%); 0 unless set. */
  PLATFORM_FEE_BASIS_POINTS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)), 0),
  /** How many calendar months a split holds an unclaimed artist's money before it goes back to the fan. */
  ESCROW_HOLDING_MONTHS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(120)), 12),
  /** The smallest payout an office may request, in cents ($10 unless set). */
  PAYOUT_MINIMUM_CENTS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000_000)), 1000),
  /** AWS: the value CloudFront adds to every API request, so a direct caller of the API cannot pose as CloudFront. */
  ORIGIN_VERIFY_SECRET: z.optional(longSecret),
  /** Local only (the local runtime generates one per data folder; tests set one): signs session tokens. */
  JWT_SIGNING_KEY: z.optional(longSecret),
  /** The sender of product mail, a verified SES identity, e.g. `OpenPie <no-reply@openpie.example>`. */
  EMAIL_FROM: z.optional(z.string().check(z.minLength(3))),
  /**
   * Where the product mails staff when the daily reconciliation finds money that does not add up (decision 038):
   * the stack's `-c staffAlertEmail=…`, given only to the functions that mail staff; the local runtime's default is
   * shown in its mailbox. Unset in AWS, nobody is mailed and the job says so in its log and run record.
   */
  STAFF_ALERT_EMAIL: z.optional(z.email()),
  /** reCAPTCHA v3 secret; without it (here or in the app secret) the human check is off. */
  RECAPTCHA_SECRET_KEY: z.optional(z.string()),
  /** `fast-for-tests` makes scrypt cheap for the test suite; refused unless STAGE is local. */
  PASSWORD_HASHING: z._default(z.enum(['owasp', 'fast-for-tests']), 'owasp'),
  /** Jobs that fan out per-fan work: the fan-work queue's URL. */
  FAN_WORK_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  /** Local only: the local runtime's SQS stand-in. */
  QUEUE_ENDPOINT: z.optional(z.url()),
  /** Resources that publish domain events: the EventBridge bus. */
  EVENT_BUS_NAME: z.optional(nonEmpty),
  /** Local only: the local runtime's EventBridge stand-in. */
  EVENT_BUS_ENDPOINT: z.optional(z.url()),
  ...oauthEnvShape,
  ...tokenEncryptionEnvShape,
});
export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/**
 * The validated environment; throws a ConfigurationError naming every bad variable. Handlers call it at module
 * scope, so a bad value fails the cold start. Empty values count as unset.
 */
export function getEnv(source: Readonly<Record<string, string | undefined>> = process.env): Env {
  if (source === process.env && cached) return cached;
  const values = withoutEmptyValues(source);
  const result = envSchema.safeParse(values, configParseOptions);
  if (!result.success) throw new ConfigurationError(describeIssues(result.error.issues, values));
  const problems = findLocalOnlyProblems(result.data);
  if (problems.length > 0) throw new ConfigurationError(problems);
  if (source === process.env) cached = result.data;
  return result.data;
}

/**
 * A deployment's dependencies built once from the environment and kept while it stays the same (a test that sets
 * another environment gets them built anew).
 */
export function perEnv<T>(build: (env: Env) => T): () => T {
  let wired: { env: Env; value: T } | undefined;
  return () => {
    const env = getEnv();
    if (wired?.env !== env) wired = { env, value: build(env) };
    return wired.value;
  };
}

/** Settings that exist only for the local runtime and tests, refused in a deployed stage. */
export function findLocalOnlyProblems(values: {
  STAGE?: Env['STAGE'] | undefined;
  PASSWORD_HASHING?: Env['PASSWORD_HASHING'] | undefined;
  OAUTH_SANDBOX_URL?: string | undefined;
}): string[] {
  if (values.STAGE === 'local') return [];
  const problems: string[] = [];
  if (values.PASSWORD_HASHING !== undefined && values.PASSWORD_HASHING !== 'owasp') {
    problems.push('PASSWORD_HASHING=fast-for-tests is allowed only when STAGE is local');
  }
  if (values.OAUTH_SANDBOX_URL) {
    problems.push('OAUTH_SANDBOX_URL: the OAuth sandbox exists only in local mode (STAGE=local)');
  }
  return problems;
}

/** Forget the cached environment (tests change process.env between files). */
export function resetEnvCache(): void {
  cached = undefined;
}

export function isLocalStage(env: Env): boolean {
  return env.STAGE === 'local';
}
