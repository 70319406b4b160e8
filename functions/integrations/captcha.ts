// The human check (SPEC §5, §8): reCAPTCHA v3. With a secret key configured, a token must be genuine, for the
// expected action and score at least 0.5; without one the check is off and any token passes (DESIGN §3).
import { AppError } from '../domain/errors';

export const recaptchaVerifyUrl = 'https://www.google.com/recaptcha/api/siteverify';
export const recaptchaMinimumScore = 0.5;

export interface HumanCheck {
  /** Whether the check is on (a secret key is configured). */
  readonly enabled: boolean;
  /** True when the token proves a person; throws `unavailable` when the provider cannot be asked. */
  verify(token: string | undefined, action: string, remoteIp?: string): Promise<boolean>;
}

export interface HumanCheckConfig {
  secretKey?: string | undefined;
  minimumScore?: number;
  verifyUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface SiteVerifyReply {
  success?: boolean;
  score?: number;
  action?: string;
}

export function createHumanCheck(config: HumanCheckConfig): HumanCheck {
  const secretKey = config.secretKey;
  if (!secretKey) return { enabled: false, verify: async () => true };
  const minimumScore = config.minimumScore ?? recaptchaMinimumScore;
  const send = config.fetch ?? fetch;
  return {
    enabled: true,
    async verify(token, action, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      let reply: SiteVerifyReply;
      try {
        const response = await send(config.verifyUrl ?? recaptchaVerifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(config.timeoutMs ?? 5000),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        reply = (await response.json()) as SiteVerifyReply;
      } catch (error) {
        throw new AppError('unavailable', 'We could not complete the human check. Please try again.', {
          code: 'captcha_unavailable',
          cause: error,
        });
      }
      return (
        reply.success === true &&
        typeof reply.score === 'number' &&
        reply.score >= minimumScore &&
        reply.action === action
      );
    },
  };
}
