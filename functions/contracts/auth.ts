// Identity contracts shared by the server and the SPA: the login and registration forms with SPEC §5's exact texts,
// the payloads of SPEC §3, and the replies for the three kinds of user. The SPA's forms and the server's 422 replies
// both come from these schemas, so a message can never differ between the two.
import * as z from 'zod/mini';

/** SPEC §9: minimum password length. */
export const passwordMinLength = 8;
/** Longer passphrases are welcome; the cap only keeps hashing cost bounded. */
export const passwordMaxLength = 128;
/**
 * The login takes longer passwords than registration allows, so no rule change can lock anyone out; the cap refuses a
 * megabyte of password before any hashing work.
 */
export const loginPasswordMaxLength = 1024;
/** RFC 5321 allows no longer address in practice; the e-mail also becomes a key, which DynamoDB caps at 2,048 bytes. */
export const emailMaxLength = 254;

/** SPEC §5, login form. */
export const loginMessages = {
  emailInvalid: 'Please enter a valid email',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
} as const;

/** Beyond SPEC §5, whose forms show no upper bounds: what the bounds that keep requests small say. */
export const lengthMessages = {
  emailTooLong: `An e-mail address has at most ${emailMaxLength} characters`,
  loginPasswordTooLong: `Password must be at most ${loginPasswordMaxLength} characters`,
} as const;

/** SPEC §5, registration form (fan and artist). */
export const registrationMessages = {
  emailInvalid: 'Invalid email',
  emailRequired: 'Email is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: 'Confirm password is required',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy',
} as const;

/** Texts for the artist-side profile (complete-registration and profile update); SPEC §5 shows none of its own. */
export const profileMessages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneNumberRequired: 'Phone number is required',
  countryRequired: 'Country is required',
} as const;

/** What the server says when a password is refused for being well known (domain/identity/password-policy.ts). */
export const commonPasswordMessage = 'This password is too common. Please choose another.';

/**
 * SPEC §8: the server's registration message contains this phrase when the person already used the free
 * promotion; the SPA then shows SPEC's own text.
 */
export const promotionAlreadyUsedPhrase = 'already used the free promotion';

export type { SessionArea } from './session-cookies';
export { sessionCookieNames } from './session-cookies';

/** The reCAPTCHA v3 action names the SPA executes and the server expects. */
export const captchaActions = {
  register: 'register',
  promoAvailability: 'promo_availability',
  socialSignIn: 'social_sign_in',
} as const;

// ── field schemas ───────────────────────────────────────────────────────────────────────────────────────────────

/** A trimmed e-mail: `required` when missing or blank, `invalid` when not an address. */
export function emailField(messages: { required: string; invalid: string }) {
  return z.string({ error: messages.required }).check(
    z.trim(),
    z.minLength(1, messages.required),
    // Stops here on an oversized value, so the address pattern never runs over it.
    z.maxLength(emailMaxLength, { error: lengthMessages.emailTooLong, abort: true }),
    z.email(messages.invalid),
  );
}

/** A required text, trimmed; blank counts as missing. */
export function requiredText(message: string, maxLength = 100) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(maxLength, `Please use at most ${maxLength} characters`),
    );
}

/** A new password: required, at least 8 characters (SPEC §5), at most 128. Never trimmed. */
export function newPasswordField() {
  return z
    .string({ error: registrationMessages.passwordRequired })
    .check(
      z.minLength(1, registrationMessages.passwordRequired),
      z.minLength(passwordMinLength, registrationMessages.passwordTooShort),
      z.maxLength(passwordMaxLength, registrationMessages.passwordTooLong),
    );
}

// ── login ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 login payload and SPEC §5 login form (fan, artist and staff). */
export const loginSchema = z.object({
  email: emailField({ required: loginMessages.emailRequired, invalid: loginMessages.emailInvalid }),
  password: z
    .string({ error: loginMessages.passwordRequired })
    .check(
      z.minLength(1, loginMessages.passwordRequired),
      z.minLength(passwordMinLength, loginMessages.passwordTooShort),
      z.maxLength(loginPasswordMaxLength, lengthMessages.loginPasswordTooLong),
    ),
});
export type LoginPayload = z.infer<typeof loginSchema>;

// ── registration ────────────────────────────────────────────────────────────────────────────────────────────────

const registrationFields = {
  email: emailField({
    required: registrationMessages.emailRequired,
    invalid: registrationMessages.emailInvalid,
  }),
  first_name: requiredText(registrationMessages.firstNameRequired),
  last_name: requiredText(registrationMessages.lastNameRequired),
  password: newPasswordField(),
};

/**
 * The registration form (SPEC §2, §5): the payload's fields plus the repeated password, which never leaves the
 * browser. 'Passwords must match' is reported on `confirm_password`.
 */
export const registrationFormSchema = z
  .object({
    ...registrationFields,
    confirm_password: z
      .string({ error: registrationMessages.confirmPasswordRequired })
      .check(z.minLength(1, registrationMessages.confirmPasswordRequired)),
  })
  .check(
    z.refine((form) => form.password === form.confirm_password, {
      message: registrationMessages.passwordsMustMatch,
      path: ['confirm_password'],
      // Compare as soon as both passwords are readable, even while other fields still have errors.
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirm_password?: unknown } | undefined;
        return typeof value?.password === 'string' && typeof value.confirm_password === 'string';
      },
    }),
  );
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** SPEC §3: the e-mail registration payload (fan and artist). */
export const registerSchema = z.object({
  ...registrationFields,
  accepted_terms_and_conditions: z.literal(true, { error: registrationMessages.termsRequired }),
  /** reCAPTCHA v3 token (action `register`); ignored while the human check is off. */
  recaptchaToken: z.optional(z.string().check(z.maxLength(4096))),
  /** 'try' on the promo page (SPEC §2). */
  promo: z.optional(z.literal('try')),
});
export type RegisterPayload = z.infer<typeof registerSchema>;

export const registerReplySchema = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  promo_eligible: z.boolean(),
  message: z.string(),
});
export type RegisterReply = z.infer<typeof registerReplySchema>;

// ── verification and password reset ────────────────────────────────────────────────────────────────────────────

export const forgotPasswordSchema = z.object({
  email: emailField({ required: loginMessages.emailRequired, invalid: loginMessages.emailInvalid }),
});
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

/** SPEC §3: reset-password payload (the token is in the path). */
export const resetPasswordSchema = z.object({ password: newPasswordField() });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

/** The token of a verify or reset link, as it arrives in the path. */
export const linkTokenParamsSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(512)),
});

/** Replies that only carry a sentence for people (forgot-password, reset, verify, logout, deletion). */
export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

// ── artist-side profile ─────────────────────────────────────────────────────────────────────────────────────────

const phoneNumberField = requiredText(profileMessages.phoneNumberRequired, 32);
const countryField = requiredText(profileMessages.countryRequired, 64);

/** POST /api/for-artists/auth/complete-registration. */
export const completeRegistrationSchema = z.object({
  first_name: requiredText(profileMessages.firstNameRequired),
  last_name: requiredText(profileMessages.lastNameRequired),
  phone_number: phoneNumberField,
  country: countryField,
});
export type CompleteRegistrationPayload = z.infer<typeof completeRegistrationSchema>;

/** PATCH /api/for-artists/user/profile: any of the profile fields; a field sent must not be blank. */
export const profileUpdateSchema = z.object({
  first_name: z.optional(requiredText(profileMessages.firstNameRequired)),
  last_name: z.optional(requiredText(profileMessages.lastNameRequired)),
  phone_number: z.optional(phoneNumberField),
  country: z.optional(countryField),
});
export type ProfileUpdatePayload = z.infer<typeof profileUpdateSchema>;

// ── replies ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const connectedAccountsSchema = z.object({
  spotify: z.boolean(),
  google: z.boolean(),
  twitter: z.boolean(),
  facebook: z.boolean(),
});
export type ConnectedAccounts = z.infer<typeof connectedAccountsSchema>;

/** GET /api/user (and the fan login reply). */
export const fanUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_verified: z.boolean(),
  stripe_customer_id: z.nullable(z.string()),
  promo_eligible: z.boolean(),
  used_promotion_code: z.boolean(),
  connected_accounts: connectedAccountsSchema,
  /** GET /api/user only (functions/contracts/fan-profile.ts): null until the fan chooses one. */
  username: z.optional(z.nullable(z.string())),
  /** GET /api/user only: what other fans may see; `private` until the fan opens their profile. */
  visibility: z.optional(z.enum(['private', 'fans'])),
  /** GET /api/user only: when the fan asked to join the beta, or null. */
  joined_beta_at: z.optional(z.nullable(z.string())),
});
export type FanUser = z.infer<typeof fanUserSchema>;

export const officeMembershipSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
});

/** The providers an artist-side user can connect (SPEC §7: link-google and disconnect-google only). */
export const artistConnectedAccountsSchema = z.object({
  google: z.boolean(),
});
export type ArtistConnectedAccounts = z.infer<typeof artistConnectedAccountsSchema>;

/** GET /api/for-artists/user (and the artist login reply). Profile fields are null until set. */
export const artistUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  phone_number: z.nullable(z.string()),
  country: z.nullable(z.string()),
  email_verified: z.boolean(),
  /** SPEC §5: first_name, last_name, phone_number and country all set. */
  profile_complete: z.boolean(),
  offices: z.array(officeMembershipSchema),
  connected_accounts: artistConnectedAccountsSchema,
});
export type ArtistUser = z.infer<typeof artistUserSchema>;

/** GET /api/admin/profile. */
export const staffProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.literal('admin'),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/** POST /api/admin/auth/login (SPEC §3: returns a token, also kept in the admin cookie for 7 days). */
export const adminLoginReplySchema = z.object({ token: z.string(), profile: staffProfileSchema });
export type AdminLoginReply = z.infer<typeof adminLoginReplySchema>;
