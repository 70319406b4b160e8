// The session cookies' names, shared by the server and the SPA. A module of their own, apart from the identity forms
// of auth.ts: every Lambda that reads a session needs these names, and importing them from auth.ts brought its
// schemas into each of them (a module's zod schemas are all bundled once anything of it is imported;
// docs/decisions/017-bundle-budget.md).

/** DESIGN: cookie prefix `openpie_`. The access-token cookies are HttpOnly; the SPA only needs their names. */
export const sessionCookieNames = {
  fan: 'openpie_access_token_fan',
  artist: 'openpie_access_token_artist',
  admin: 'openpie_access_token_admin',
} as const;
export type SessionArea = keyof typeof sessionCookieNames;
