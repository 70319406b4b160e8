// Cookie consent (SPEC §3-§5, §9): which categories of cookie a visitor allows, stored in local storage and in
// the preference cookie, and the purge that removes every cookie a visitor has not allowed. It imports nothing
// but the browser, because the standalone landing page (docs/decisions/003) needs it in the first chunk.
//
// Script can only see cookies without HttpOnly. The access-token cookies are HttpOnly (DESIGN §6), so the purge
// never reads, re-sets or deletes them: the server alone decides their lifetime.

export const cookiePrefix = 'openpie_';

/** Every cookie OpenPie itself names (DESIGN: prefix `openpie_`). */
export const cookieNames = {
  accessTokenFan: `${cookiePrefix}access_token_fan`,
  accessTokenArtist: `${cookiePrefix}access_token_artist`,
  accessTokenAdmin: `${cookiePrefix}access_token_admin`,
  spotifyAuth: `${cookiePrefix}spotify_auth`,
  cookiePreferences: `${cookiePrefix}cookie_preferences`,
} as const;

/** The local storage key of the preferences; the same name as the preference cookie (SPEC §3). */
export const cookiePreferencesStorageKey = cookieNames.cookiePreferences;

export const cookieCategories = [
  'essential',
  'performance',
  'analytics',
  'advertising',
  'social',
  'unclassified',
] as const;
export type CookieCategory = (typeof cookieCategories)[number];
export type CookiePreferences = Record<CookieCategory, boolean>;

/** Before any choice: essential only (SPEC §3). */
export const defaultCookiePreferences: Readonly<CookiePreferences> = {
  essential: true,
  performance: false,
  analytics: false,
  advertising: false,
  social: false,
  unclassified: false,
};

/** Essential cookies the purge keeps are re-set to last this long (SPEC §9). */
export const essentialCookieMaxAgeSeconds = 30 * 24 * 60 * 60;

const cookieCategoryByName: Readonly<Record<string, CookieCategory>> = {
  [cookieNames.accessTokenFan]: 'essential',
  [cookieNames.accessTokenArtist]: 'essential',
  [cookieNames.accessTokenAdmin]: 'essential',
  [cookieNames.cookiePreferences]: 'essential',
  [cookieNames.spotifyAuth]: 'performance',
};

/** The category of a cookie by its name; a cookie nobody classified counts as unclassified (SPEC §5). */
export function categorizeCookie(name: string): CookieCategory {
  return cookieCategoryByName[name] ?? 'unclassified';
}

/** What local storage holds: nothing yet, a saved choice, or something that does not parse. */
export type StoredCookiePreferences =
  { status: 'none' } | { status: 'saved'; preferences: CookiePreferences } | { status: 'unreadable' };

function readStorageItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage blocked by the browser: behave as if nothing was chosen yet.
    return null;
  }
}

function toPreferences(parsed: unknown): CookiePreferences {
  const source = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const preferences = { ...defaultCookiePreferences };
  for (const category of cookieCategories) {
    if (typeof source[category] === 'boolean') preferences[category] = source[category];
  }
  return preferences;
}

/** Reads the stored choice; a value that is not JSON is logged and reported as unreadable (SPEC §5). */
export function loadCookiePreferences(): StoredCookiePreferences {
  const raw = readStorageItem(cookiePreferencesStorageKey);
  if (raw === null) return { status: 'none' };
  try {
    return { status: 'saved', preferences: toPreferences(JSON.parse(raw)) };
  } catch (error) {
    console.error('Stored cookie preferences could not be read; only essential cookies are allowed.', error);
    return { status: 'unreadable' };
  }
}

/**
 * Whether a category may be used now. Analytics is always allowed (SPEC §5); otherwise the stored choice decides,
 * and with no choice or an unreadable one only essential cookies are allowed.
 */
export function isCategoryAllowed(category: CookieCategory, stored = loadCookiePreferences()): boolean {
  if (category === 'analytics') return true;
  if (stored.status === 'saved') return stored.preferences[category];
  return category === 'essential';
}

export function isCookieAllowed(name: string, stored = loadCookiePreferences()): boolean {
  return isCategoryAllowed(categorizeCookie(name), stored);
}

export interface DocumentCookie {
  name: string;
  /** As the browser gives it, still encoded: written back unchanged. */
  value: string;
}

/** The cookies script can see (never HttpOnly ones). */
export function readDocumentCookies(): DocumentCookie[] {
  if (document.cookie === '') return [];
  return document.cookie.split(';').flatMap((pair) => {
    const separator = pair.indexOf('=');
    const name = (separator === -1 ? pair : pair.slice(0, separator)).trim();
    const value = separator === -1 ? '' : pair.slice(separator + 1).trim();
    return name === '' ? [] : [{ name, value }];
  });
}

function describeCommonAttributes(): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; SameSite=Lax${secure}`;
}

export interface WriteCookieOptions {
  /** Lifetime; 30 days unless said otherwise. */
  maxAgeSeconds?: number;
}

/** Writes a cookie with path '/', only if its category is allowed (SPEC §5); returns whether it was written. */
export function writeCookie(name: string, encodedValue: string, options: WriteCookieOptions = {}): boolean {
  if (!isCookieAllowed(name)) return false;
  const maxAge = options.maxAgeSeconds ?? essentialCookieMaxAgeSeconds;
  document.cookie = `${name}=${encodedValue}; Max-Age=${maxAge}${describeCommonAttributes()}`;
  return true;
}

/** `app.openpie.com` → ['app.openpie.com', 'openpie.com']: a third party may have set its cookie on either. */
function listCookieDomains(hostname: string): string[] {
  const labels = hostname.split('.');
  if (labels.length < 2 || /^[\d.]+$/.test(hostname)) return [];
  const domains: string[] = [];
  for (let start = 0; start < labels.length - 1; start += 1) domains.push(labels.slice(start).join('.'));
  return domains;
}

function expireCookie(name: string): void {
  const expired = `${name}=; Max-Age=0`;
  document.cookie = `${expired}${describeCommonAttributes()}`;
  for (const domain of listCookieDomains(window.location.hostname)) {
    document.cookie = `${expired}; Domain=${domain}${describeCommonAttributes()}`;
  }
}

export interface PurgeResult {
  /** Cookies deleted because their category is not allowed. */
  removed: string[];
  /** Essential cookies re-set with a 30-day expiry. */
  renewed: string[];
}

/**
 * Deletes every visible cookie whose category is not allowed and re-sets the allowed essential ones with a 30-day
 * expiry and path '/' (SPEC §4). HttpOnly cookies are invisible here, so they are left exactly as the server set them.
 */
export function purgeCookies(stored = loadCookiePreferences()): PurgeResult {
  const result: PurgeResult = { removed: [], renewed: [] };
  for (const cookie of readDocumentCookies()) {
    const category = categorizeCookie(cookie.name);
    if (!isCategoryAllowed(category, stored)) {
      expireCookie(cookie.name);
      result.removed.push(cookie.name);
    } else if (category === 'essential') {
      document.cookie = `${cookie.name}=${cookie.value}; Max-Age=${essentialCookieMaxAgeSeconds}${describeCommonAttributes()}`;
      result.renewed.push(cookie.name);
    }
  }
  return result;
}

type ConsentListener = () => void;
const listeners = new Set<ConsentListener>();

function notifyConsentChanged(): void {
  for (const listener of listeners) listener();
}

/** Calls the listener whenever the stored choice changes, in this tab or another one. */
export function subscribeToCookieConsent(listener: ConsentListener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === cookiePreferencesStorageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type CookieConsentStatus = StoredCookiePreferences['status'];

let lastRawPreferences: string | null | undefined;
let lastConsentStatus: CookieConsentStatus = 'none';

/**
 * Whether the visitor has made a choice that can be read (the banner shows until they have). Cheap enough for
 * React's `useSyncExternalStore`, which asks on every render: storage is parsed (and a failure logged) only when the
 * stored text changes.
 */
export function readCookieConsentStatus(): CookieConsentStatus {
  const raw = readStorageItem(cookiePreferencesStorageKey);
  if (raw !== lastRawPreferences) {
    lastRawPreferences = raw;
    lastConsentStatus = loadCookiePreferences().status;
  }
  return lastConsentStatus;
}

/**
 * Saves a choice: essential and analytics are forced on (SPEC §4), the choice goes to local storage and to the
 * preference cookie, and every cookie the choice does not allow is purged. Returns what was stored.
 */
export function saveCookiePreferences(choices: Partial<CookiePreferences>): CookiePreferences {
  const preferences: CookiePreferences = {
    ...defaultCookiePreferences,
    ...choices,
    essential: true,
    analytics: true,
  };
  const serialized = JSON.stringify(preferences);
  try {
    window.localStorage.setItem(cookiePreferencesStorageKey, serialized);
  } catch (error) {
    console.warn('Cookie preferences could not be stored in this browser.', error);
  }
  writeCookie(cookieNames.cookiePreferences, encodeURIComponent(serialized));
  purgeCookies({ status: 'saved', preferences });
  notifyConsentChanged();
  return preferences;
}

/** Forgets the choice (back to essential only, the banner shows again) and runs the same purge. */
export function resetCookiePreferences(): PurgeResult {
  try {
    window.localStorage.removeItem(cookiePreferencesStorageKey);
  } catch {
    // Nothing stored that could be removed.
  }
  expireCookie(cookieNames.cookiePreferences);
  const result = purgeCookies({ status: 'none' });
  notifyConsentChanged();
  return result;
}

/** Runs the purge against the stored choice; the app calls it on every page load (SPEC §4's refresh). */
export function refreshCookieConsent(): PurgeResult {
  return purgeCookies();
}
