/**
 * The human check before the availability check (SPEC §5), given by app/ (the reCAPTCHA loader lives with the sign-in
 * screens): a token, no token while the check is off (locally, DESIGN §3), or unavailable when it should run and
 * cannot (SPEC §8 'reCAPTCHA not available').
 */
export type PromoHumanCheck = () => Promise<
  { available: true; token: string | undefined } | { available: false }
>;
