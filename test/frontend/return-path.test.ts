// Where a sign-in returns to (`?next=`): only a path inside the signing-in role's own area, normalised; anything that
// could leave the site or reach another role's screens is ignored.
import { describe, expect, it } from 'vitest';
import { readReturnPath, withReturnPath } from '../../frontend/src/lib/return-path';

const read = (next: string, role: 'fan' | 'artist' | 'admin') =>
  readReturnPath(new URLSearchParams({ next }), role);

describe('readReturnPath', () => {
  it.each([
    ['/history?page=2', 'fan', '/history?page=2'],
    ['/artist/abc#top', 'fan', '/artist/abc#top'],
    ['/for-artists/team', 'artist', '/for-artists/team'],
    ['/admin/claims?status=open', 'admin', '/admin/claims?status=open'],
    ['/history/../settings', 'fan', '/settings'],
  ] as const)('follows %s for a %s as %s', (next, role, expected) => {
    expect(read(next, role)).toBe(expected);
  });

  it.each([
    ['https://evil.example/dashboard', 'fan'],
    ['//evil.example/dashboard', 'fan'],
    ['/\\evil.example', 'fan'],
    ['/dash\nboard', 'fan'],
    ['dashboard', 'fan'],
    ['/for-artists/team', 'fan'],
    ['/admin/claims', 'fan'],
    ['/api/user', 'fan'],
    ['/login', 'fan'],
    ['/dashboard', 'artist'],
    ['/for-artists/login', 'artist'],
    ['/for-artists/../admin/claims', 'artist'],
    ['/admin/auth/google/callback', 'admin'],
    ['/dashboard', 'admin'],
    [`/history?q=${'a'.repeat(2000)}`, 'fan'],
  ] as const)('ignores %j for a %s', (next, role) => {
    expect(read(next, role)).toBeNull();
  });

  it('ignores a missing parameter', () => {
    expect(readReturnPath(new URLSearchParams(), 'fan')).toBeNull();
  });

  it('round-trips through the sign-in path it builds', () => {
    const signIn = new URL(withReturnPath('/login', '/history?page=2&q=a b'), 'http://localhost');
    expect(signIn.pathname).toBe('/login');
    expect(readReturnPath(signIn.searchParams, 'fan')).toBe('/history?page=2&q=a%20b');
  });
});
