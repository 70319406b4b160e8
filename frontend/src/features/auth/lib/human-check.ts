// The human check of SPEC §5 and §7 (reCAPTCHA v3): a token is obtained before e-mail registration and the social
// sign-ins that need one. The site key comes from the build (VITE_RECAPTCHA_SITE_KEY); without it the check is off,
// as it is locally (DESIGN §3), and the server accepts requests without a token.
import type { captchaActions } from '@contracts/auth';

export type HumanCheckAction = (typeof captchaActions)[keyof typeof captchaActions];

interface ReCaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

export const humanCheckMessages = {
  missingKey: 'reCAPTCHA site key is not configured: the human check is off.',
  missingScript: 'The reCAPTCHA script could not be loaded.',
  notLoaded: 'reCAPTCHA is used before it has loaded.',
} as const;

function readSiteKey(): string | undefined {
  const value: unknown = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

let warnedMissingKey = false;
let loading: Promise<boolean> | undefined;

/** Loads the script once; resolves false (after a warning) when there is no key or the script does not load. */
export function loadHumanCheck(siteKey = readSiteKey()): Promise<boolean> {
  if (!siteKey) {
    if (!warnedMissingKey) console.warn(humanCheckMessages.missingKey);
    warnedMissingKey = true;
    return Promise.resolve(false);
  }
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(true));
      else resolve(false);
    };
    script.onerror = () => {
      console.warn(humanCheckMessages.missingScript);
      loading = undefined;
      resolve(false);
    };
    document.head.append(script);
  });
  return loading;
}

/** Runs a named action; throws when the script has not loaded (SPEC §8: using it before load throws). */
export function executeHumanCheck(action: HumanCheckAction, siteKey = readSiteKey()): Promise<string> {
  const grecaptcha = window.grecaptcha;
  if (!siteKey || !grecaptcha) throw new Error(humanCheckMessages.notLoaded);
  return grecaptcha.execute(siteKey, { action });
}

/** A token for the action, or undefined while the check is off or unavailable (the server then decides). */
export async function obtainHumanCheckToken(action: HumanCheckAction): Promise<string | undefined> {
  if (!(await loadHumanCheck())) return undefined;
  return executeHumanCheck(action);
}
