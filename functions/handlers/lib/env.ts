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
