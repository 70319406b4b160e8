// The cookie rules of SPEC §3-§5 and §9, one by one, against jsdom's real cookie jar and local storage.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  categorizeCookie,
  cookieNames,
  cookiePreferencesStorageKey,
  defaultCookiePreferences,
  essentialCookieMaxAgeSeconds,
  isCategoryAllowed,
  isCookieAllowed,
  loadCookiePreferences,
  purgeCookies,
  readCookieConsentStatus,
  refreshCookieConsent,
  resetCookiePreferences,
  saveCookiePreferences,
  subscribeToCookieConsent,
  writeCookie,
  type CookieCategory,
} from '../../frontend/src/lib/cookie-consent';

/** The parts of jsdom's cookie jar (tough-cookie) these tests use; vitest exposes the JSDOM instance as `jsdom`. */
interface JarCookie {
  key: string;
  value: string;
  httpOnly: boolean;
  expires: Date | 'Infinity';
  maxAge: number | 'Infinity' | '-Infinity' | null;
}
interface CookieJar {
  setCookieSync(cookie: string, url: string, options?: { http?: boolean }): unknown;
  getCookiesSync(url: string, options?: { http?: boolean }): JarCookie[];
  removeAllCookiesSync(): void;
}
const jar = (globalThis as unknown as { jsdom: { cookieJar: CookieJar } }).jsdom.cookieJar;
const pageUrl = window.location.href;

/** Records every value script assigns to document.cookie, then lets the browser have it. */
function recordCookieWrites(): { writes: string[]; stop: () => void } {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  const get = descriptor?.get;
  const set = descriptor?.set;
  if (!get || !set) throw new Error('document.cookie is expected to be an accessor on Document.prototype');
  const writes: string[] = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => get.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      set.call(document, value);
    },
  });
  return { writes, stop: () => Reflect.deleteProperty(document, 'cookie') };
}

/** A cookie name no other test uses, for cookies the product does not classify. */
function makeUnclassifiedName(): string {
  return `tracker_${crypto.randomUUID().slice(0, 8)}`;
}

function readVisibleCookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter(Boolean);
}

afterEach(() => {
  vi.restoreAllMocks();
  jar.removeAllCookiesSync();
});

describe('cookie categories (SPEC §3, §5)', () => {
  it.each([
    [cookieNames.accessTokenFan, 'essential'],
    [cookieNames.accessTokenArtist, 'essential'],
    [cookieNames.accessTokenAdmin, 'essential'],
    [cookieNames.cookiePreferences, 'essential'],
    [cookieNames.spotifyAuth, 'performance'],
  ] as const)('%s is %s', (name, category) => {
    // Act
    const actual = categorizeCookie(name);

    // Assess
    expect(actual).toBe(category);
  });

  it('names every cookie with the openpie_ prefix of DESIGN', () => {
    // Act
    const names = Object.values(cookieNames);

    // Assess
    expect(names).toEqual([
      'openpie_access_token_fan',
      'openpie_access_token_artist',
      'openpie_access_token_admin',
      'openpie_spotify_auth',
      'openpie_cookie_preferences',
    ]);
    expect(cookiePreferencesStorageKey).toBe('openpie_cookie_preferences');
  });

  it('counts a cookie with no known category as unclassified', () => {
    // Prepare
    const name = makeUnclassifiedName();

    // Act
    const category = categorizeCookie(name);

    // Assess
    expect(category).toBe('unclassified');
  });
});

describe('stored preferences (SPEC §3, §5)', () => {
  it('default to essential only while nothing is stored', () => {
    // Act
    const stored = loadCookiePreferences();

    // Assess
    expect(stored).toEqual({ status: 'none' });
    expect(defaultCookiePreferences).toEqual({
      essential: true,
      performance: false,
      analytics: false,
      advertising: false,
      social: false,
      unclassified: false,
    });
    expect(isCategoryAllowed('essential', stored)).toBe(true);
    for (const category of ['performance', 'advertising', 'social', 'unclassified'] as const) {
      expect(isCategoryAllowed(category, stored)).toBe(false);
    }
  });

  it('are parsed as JSON from local storage', () => {
    // Prepare
    window.localStorage.setItem(
      cookiePreferencesStorageKey,
      JSON.stringify({ essential: true, performance: true, social: false }),
    );

    // Act
    const stored = loadCookiePreferences();

    // Assess
    expect(stored).toEqual({
      status: 'saved',
      preferences: { ...defaultCookiePreferences, performance: true },
    });
    expect(isCookieAllowed(cookieNames.spotifyAuth, stored)).toBe(true);
    expect(isCookieAllowed(makeUnclassifiedName(), stored)).toBe(false);
  });

  it('that do not parse are logged and allow essential cookies only', () => {
    // Prepare
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(cookiePreferencesStorageKey, '{"performance": tru');

    // Act
    const stored = loadCookiePreferences();

    // Assess
    expect(stored).toEqual({ status: 'unreadable' });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[1]).toBeInstanceOf(SyntaxError);
    const allowed = (['essential', 'performance', 'advertising', 'social', 'unclassified'] as const).filter(
      (category) => isCategoryAllowed(category, stored),
    );
    expect(allowed).toEqual(['essential']);
  });

  it('treat analytics as always allowed, whatever is stored', () => {
    // Prepare
    window.localStorage.setItem(cookiePreferencesStorageKey, JSON.stringify({ analytics: false }));
    const saved = loadCookiePreferences();

    // Act
    const verdicts = [
      isCategoryAllowed('analytics', saved),
      isCategoryAllowed('analytics', { status: 'none' }),
      isCategoryAllowed('analytics', { status: 'unreadable' }),
    ];

    // Assess
    expect(verdicts).toEqual([true, true, true]);
  });

  it('log an unreadable value once, however often the banner asks', () => {
    // Prepare
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(cookiePreferencesStorageKey, `not json ${crypto.randomUUID()}`);

    // Act
    const statuses = [readCookieConsentStatus(), readCookieConsentStatus(), readCookieConsentStatus()];

    // Assess
    expect(statuses).toEqual(['unreadable', 'unreadable', 'unreadable']);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});

describe('saving preferences (SPEC §2, §4)', () => {
  it('forces essential and analytics on and stores the choice', () => {
    // Act
    const saved = saveCookiePreferences({ essential: false, analytics: false, social: true });

    // Assess
    expect(saved).toEqual({ ...defaultCookiePreferences, essential: true, analytics: true, social: true });
    expect(JSON.parse(window.localStorage.getItem(cookiePreferencesStorageKey) ?? 'null')).toEqual(saved);
  });

  it('also writes the preference cookie, with path / and a 30-day lifetime', () => {
    // Prepare
    const recorder = recordCookieWrites();

    // Act
    const saved = saveCookiePreferences({ performance: true });
    recorder.stop();

    // Assess
    const cookie = recorder.writes.find((write) => write.startsWith(`${cookieNames.cookiePreferences}=`));
    expect(cookie).toContain(`Max-Age=${essentialCookieMaxAgeSeconds}`);
    expect(cookie).toContain('Path=/');
    expect(essentialCookieMaxAgeSeconds).toBe(30 * 24 * 60 * 60);
    const value = document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${cookieNames.cookiePreferences}=`))
      ?.split('=')[1];
    expect(JSON.parse(decodeURIComponent(value ?? ''))).toEqual(saved);
  });

  it('purges every cookie whose category the choice does not allow', () => {
    // Prepare
    const unclassified = makeUnclassifiedName();
    document.cookie = `${cookieNames.spotifyAuth}=spotify-${crypto.randomUUID()}; Path=/`;
    document.cookie = `${unclassified}=1; Path=/`;

    // Act
    saveCookiePreferences({ performance: false, unclassified: false });

    // Assess
    expect(readVisibleCookieNames()).not.toContain(cookieNames.spotifyAuth);
    expect(readVisibleCookieNames()).not.toContain(unclassified);
    expect(readVisibleCookieNames()).toContain(cookieNames.cookiePreferences);
  });

  it('keeps the cookies of the categories it allows', () => {
    // Prepare
    const unclassified = makeUnclassifiedName();
    document.cookie = `${cookieNames.spotifyAuth}=kept; Path=/`;
    document.cookie = `${unclassified}=dropped; Path=/`;

    // Act
    saveCookiePreferences({ performance: true });

    // Assess
    expect(document.cookie).toContain(`${cookieNames.spotifyAuth}=kept`);
    expect(readVisibleCookieNames()).not.toContain(unclassified);
  });

  it('tells subscribers, so the banner can go', () => {
    // Prepare
    const listener = vi.fn();
    const unsubscribe = subscribeToCookieConsent(listener);

    // Act
    saveCookiePreferences({});
    unsubscribe();
    saveCookiePreferences({});

    // Assess
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('the purge (SPEC §4, §9)', () => {
  it('re-sets allowed essential cookies with a 30-day expiry and path /', () => {
    // Prepare
    document.cookie = `${cookieNames.cookiePreferences}=kept-value; Path=/`;
    const recorder = recordCookieWrites();

    // Act
    const result = purgeCookies({ status: 'none' });
    recorder.stop();

    // Assess
    expect(result.renewed).toEqual([cookieNames.cookiePreferences]);
    expect(recorder.writes).toEqual([
      `${cookieNames.cookiePreferences}=kept-value; Max-Age=${essentialCookieMaxAgeSeconds}; Path=/; SameSite=Lax`,
    ]);
    const [stored] = jar.getCookiesSync(pageUrl);
    expect(stored?.value).toBe('kept-value');
    expect(stored?.maxAge).toBe(essentialCookieMaxAgeSeconds);
  });

  it('runs on a reset, which also forgets the choice', () => {
    // Prepare
    saveCookiePreferences({ performance: true });
    document.cookie = `${cookieNames.spotifyAuth}=connected; Path=/`;

    // Act
    const result = resetCookiePreferences();

    // Assess
    expect(window.localStorage.getItem(cookiePreferencesStorageKey)).toBeNull();
    expect(result.removed).toContain(cookieNames.spotifyAuth);
    expect(readVisibleCookieNames()).toEqual([]);
  });

  it('runs on a refresh against the stored choice', () => {
    // Prepare
    window.localStorage.setItem(
      cookiePreferencesStorageKey,
      JSON.stringify({ ...defaultCookiePreferences, performance: true }),
    );
    const unclassified = makeUnclassifiedName();
    document.cookie = `${cookieNames.spotifyAuth}=connected; Path=/`;
    document.cookie = `${unclassified}=1; Path=/`;

    // Act
    const result = refreshCookieConsent();

    // Assess
    expect(result.removed).toEqual([unclassified]);
    expect(document.cookie).toContain(`${cookieNames.spotifyAuth}=connected`);
  });

  it('never touches the HttpOnly access-token cookies it cannot see', () => {
    // Prepare: the server's login reply set these; script cannot read them.
    const fanToken = `fan-${crypto.randomUUID()}`;
    const adminToken = `admin-${crypto.randomUUID()}`;
    jar.setCookieSync(`${cookieNames.accessTokenFan}=${fanToken}; HttpOnly; Path=/; Max-Age=86400`, pageUrl);
    jar.setCookieSync(
      `${cookieNames.accessTokenAdmin}=${adminToken}; HttpOnly; Path=/; Max-Age=604800`,
      pageUrl,
    );
    document.cookie = `${cookieNames.spotifyAuth}=connected; Path=/`;
    const recorder = recordCookieWrites();

    // Act
    saveCookiePreferences({});
    resetCookiePreferences();
    refreshCookieConsent();
    recorder.stop();

    // Assess
    expect(document.cookie).not.toContain('access_token');
    expect(recorder.writes.filter((write) => write.includes('access_token'))).toEqual([]);
    const serverCookies = jar
      .getCookiesSync(pageUrl)
      .filter((cookie) => cookie.key.startsWith(`${'openpie_'}access_token`))
      .map(({ key, value, httpOnly, maxAge }) => ({ key, value, httpOnly, maxAge }));
    expect(serverCookies).toEqual([
      { key: cookieNames.accessTokenFan, value: fanToken, httpOnly: true, maxAge: 86400 },
      { key: cookieNames.accessTokenAdmin, value: adminToken, httpOnly: true, maxAge: 604800 },
    ]);
    expect(readVisibleCookieNames()).not.toContain(cookieNames.spotifyAuth);
  });
});

describe('writing a cookie (SPEC §5)', () => {
  it.each([
    ['refuses', cookieNames.spotifyAuth, {}, false],
    ['allows', cookieNames.spotifyAuth, { performance: true }, true],
    ['refuses', 'unlisted_cookie', { performance: true }, false],
    ['allows', 'unlisted_cookie', { unclassified: true }, true],
    ['allows', cookieNames.cookiePreferences, {}, true],
  ] as const)('%s %s under %o', (_verdict, name, choices, expected) => {
    // Prepare
    saveCookiePreferences(choices);
    const value = `v-${crypto.randomUUID()}`;

    // Act
    const written = writeCookie(name, value);

    // Assess
    expect(written).toBe(expected);
    expect(document.cookie.includes(`${name}=${value}`)).toBe(expected);
  });

  it('writes with path / so every page sees it', () => {
    // Prepare
    saveCookiePreferences({ performance: true });
    const recorder = recordCookieWrites();

    // Act
    writeCookie(cookieNames.spotifyAuth, 'state', { maxAgeSeconds: 600 });
    recorder.stop();

    // Assess
    expect(recorder.writes).toEqual([`${cookieNames.spotifyAuth}=state; Max-Age=600; Path=/; SameSite=Lax`]);
  });

  it.each(['essential', 'analytics'] as const satisfies readonly CookieCategory[])(
    'allows %s before any choice',
    (category) => {
      // Act
      const allowed = isCategoryAllowed(category);

      // Assess
      expect(allowed).toBe(true);
    },
  );
});
