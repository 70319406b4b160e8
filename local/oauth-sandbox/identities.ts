// The people the sandbox can sign in as. Every provider derives its own id for a person from the e-mail address,
// always the same one, so signing in again (even after a restart) finds the same linked account.
import { createHash } from 'node:crypto';

export interface SandboxPerson {
  email: string;
  name: string;
}

export interface DemoIdentity extends SandboxPerson {
  /** The consent page's radio value. */
  key: string;
  /** Why a developer would pick it. */
  note: string;
}

/** The first and last match the demo accounts local/seed.ts creates, so signing in as them finds those accounts. */
export const demoIdentities: readonly DemoIdentity[] = [
  { key: 'demo-fan', name: 'Dana Fan', email: 'demo-fan@openpie.example', note: 'the demo fan' },
  { key: 'riley', name: 'Riley Rivera', email: 'riley.rivera@example.com', note: 'a new fan' },
  { key: 'sam', name: 'Sam Okafor', email: 'sam.okafor@example.com', note: 'another new fan' },
  {
    key: 'staff',
    name: 'Sam Staff',
    email: 'demo-admin@openpie.example',
    note: 'the demo staff member (staff domain openpie.example)',
  },
];

/** Digits or letters derived from the e-mail, so ids look like each provider's and never change. */
function derive(provider: string, email: string, alphabet: string, length: number): string {
  const digest = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest();
  let out = '';
  for (let index = 0; out.length < length; index += 1)
    out += alphabet[digest[index % digest.length]! % alphabet.length];
  return out;
}

const digits = '0123456789';
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const lowerBase32 = 'abcdefghijklmnopqrstuvwxyz234567';

export function spotifyUserIdOf(email: string): string {
  return derive('spotify-id', email, lowerBase32, 28);
}

/** Spotify's immutable account_id, the one to link accounts on (see ../shared/thirdparty/SOURCES.md). */
export function spotifyAccountIdOf(email: string): string {
  return derive('spotify-account', email, base62, 22);
}

export function googleSubjectOf(email: string): string {
  return `1${derive('google', email, digits, 20)}`;
}

export function xUserIdOf(email: string): string {
  return `1${derive('x', email, digits, 18)}`;
}

export function xUsernameOf(email: string): string {
  const local = email.split('@')[0]!.replace(/[^A-Za-z0-9_]/g, '_');
  return local.slice(0, 15) || `user_${derive('x-name', email, digits, 6)}`;
}

/** Facebook gives each app its own id for a person (app-scoped user id). */
export function facebookUserIdOf(email: string): string {
  return `10${derive('facebook', email, digits, 15)}`;
}

/** A name for a custom e-mail address: "jo.smith@x" → "Jo Smith". */
export function nameFromEmail(email: string): string {
  const words = email
    .split('@')[0]!
    .split(/[._+-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return words.join(' ') || email;
}

/** Google marks accounts of a Workspace domain with `hd`; consumer addresses have none. */
export function hostedDomainOf(email: string): string | undefined {
  const domain = email.split('@')[1]?.toLowerCase();
  return domain && domain !== 'gmail.com' && domain !== 'googlemail.com' ? domain : undefined;
}

/** The id a provider gives this person, as OpenPie stores it on a connection (Spotify: the account id). */
export function providerUserIdOf(
  provider: 'spotify' | 'google' | 'twitter' | 'facebook',
  email: string,
): string {
  switch (provider) {
    case 'spotify':
      return spotifyAccountIdOf(email);
    case 'google':
      return googleSubjectOf(email);
    case 'twitter':
      return xUserIdOf(email);
    case 'facebook':
      return facebookUserIdOf(email);
  }
}
