// One way to call a provider: global fetch with a deadline, replies parsed with zod (unknown fields allowed), and
// every failure turned into a typed error: unreachable or 5xx → SocialProviderUnavailable, anything else refused or
// malformed → SocialSignInFailed.
import * as z from 'zod/mini';
import type { FailureStage } from './errors';
import { SocialProviderUnavailable, SocialSignInFailed } from './errors';
import type { SocialProvider } from './providers';

export type FetchFunction = typeof fetch;

export interface ProviderCallContext {
  provider: SocialProvider;
  fetch: FetchFunction;
  timeoutMs: number;
}

// The shapes providers use for errors: RFC 6749 §5.2 ({ error, error_description }), Spotify's Web API
// ({ error: { status, message } }), Facebook's Graph API ({ error: { message, type, code } }), X's problem details.
const providerErrorSchema = z.looseObject({
  error: z.optional(
    z.union([z.string(), z.looseObject({ message: z.optional(z.string()), type: z.optional(z.string()) })]),
  ),
  error_description: z.optional(z.string()),
  title: z.optional(z.string()),
  detail: z.optional(z.string()),
});

export async function callProvider<S extends z.ZodMiniType>(
  context: ProviderCallContext,
  stage: FailureStage,
  url: string,
  init: RequestInit,
  schema: S,
): Promise<z.infer<S>> {
  let response: Response;
  let text: string;
  try {
    response = await context.fetch(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(context.timeoutMs),
      headers: { accept: 'application/json', ...init.headers },
    });
    text = await response.text();
  } catch (error) {
    throw new SocialProviderUnavailable(context.provider, error);
  }
  if (response.status >= 500) throw new SocialProviderUnavailable(context.provider);
  const body = parseJson(text);
  if (!response.ok) {
    const problem = providerErrorSchema.safeParse(body);
    const { code, description } = problem.success ? describeProblem(problem.data) : {};
    throw new SocialSignInFailed(
      context.provider,
      stage,
      `the provider refused (${response.status}${description ? `: ${description}` : ''}).`,
      code === undefined ? {} : { providerError: code },
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new SocialSignInFailed(context.provider, stage, 'the provider sent an unexpected reply.', {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The provider's own machine code and sentence out of whichever error shape it uses. */
function describeProblem(problem: z.infer<typeof providerErrorSchema>): {
  code?: string;
  description?: string;
} {
  if (typeof problem.error === 'string') {
    return {
      code: problem.error,
      ...(problem.error_description ? { description: problem.error_description } : {}),
    };
  }
  const description = problem.error?.message ?? problem.detail ?? problem.title;
  const code = problem.error?.type ?? problem.title;
  return { ...(code ? { code } : {}), ...(description ? { description } : {}) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The Authorization header of HTTP Basic client authentication (RFC 6749 §2.3.1: each part form-encoded). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}
