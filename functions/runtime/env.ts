// Configuration, validated once per cold start: a Lambda with a bad environment fails loudly at start,
// never halfway through a request.
import * as z from 'zod/mini';

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

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
  /** Local only (the local runtime generates one per data folder; tests set one): signs session tokens. */
  JWT_SIGNING_KEY: z.optional(z.string().check(z.minLength(32))),
  /** The sender of product mail, a verified SES identity, e.g. `OpenPie <no-reply@openpie.example>`. */
  EMAIL_FROM: z.optional(z.string().check(z.minLength(3))),
  /** reCAPTCHA v3 secret; without it (here or in the app secret) the human check is off. */
  RECAPTCHA_SECRET_KEY: z.optional(z.string()),
  /** `fast-for-tests` makes scrypt cheap for the test suite; refused unless STAGE is local. */
  PASSWORD_HASHING: z._default(z.enum(['owasp', 'fast-for-tests']), 'owasp'),
  /** Jobs that fan out per-fan work: the fan-work queue's URL. */
  FAN_WORK_QUEUE_URL: z.optional(z.string().check(z.minLength(1))),
  /** Local only: the local runtime's SQS stand-in. */
  QUEUE_ENDPOINT: z.optional(z.url()),
});
export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** The validated environment; throws a message naming every bad variable. */
export function getEnv(source: Record<string, string | undefined> = process.env): Env {
  if (source === process.env && cached) return cached;
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (result.data.PASSWORD_HASHING !== 'owasp' && result.data.STAGE !== 'local') {
    throw new Error(
      'Invalid configuration: PASSWORD_HASHING=fast-for-tests is allowed only when STAGE is local',
    );
  }
  if (source === process.env) cached = result.data;
  return result.data;
}

/** Forget the cached environment (tests change process.env between files). */
export function resetEnvCache(): void {
  cached = undefined;
}

export function isLocalStage(env: Env): boolean {
  return env.STAGE === 'local';
}
