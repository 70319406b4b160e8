// The end-to-end suite runs as two vitest processes at once (scripts/test.ts), each against a product of its own:
// CI has two cores, and a browser test waits on the product and the browser about as long as it computes. Within a
// shard files run in name order, as in one run (vitest.config.ts says why). The `screens` shard holds files that
// never move the product clock and need no other file's doings; `rest` holds every other file, the ones that move
// the clock (money-in's 30 days, the pie's two months) among them. The two are kept about the same length: once the
// e2e product kept its table in memory, the rest's clock moves ran some 30% faster (pie 390 -> 282 s, money-in
// 254 -> 183 s on a clean clone) and its files summed 795 s against the screens' 959 s (frame 352 s, identity 320 s),
// so three files named before money-in (artist-connected-accounts, claim-verification, claims: some 85 s) went back
// to the rest, where they ran before the split into shards.
export const e2eShardNames = ['screens', 'rest'] as const;
export type E2eShard = (typeof e2eShardNames)[number];

export const screensShardFiles = [
  'test/e2e/artist-screens.test.ts',
  'test/e2e/foundation.test.ts',
  'test/e2e/frame-recovery.test.ts',
  'test/e2e/frame.test.ts',
  'test/e2e/history-import.test.ts',
  'test/e2e/identity.test.ts',
  'test/e2e/listening-history.test.ts',
  'test/e2e/listening-sync.test.ts',
  'test/e2e/staff-claims.test.ts',
  'test/e2e/staff-directory.test.ts',
  'test/e2e/staff-escrow.test.ts',
  'test/e2e/staff-finances.test.ts',
] as const;

/** The shard named in E2E_SHARD, or null for a run of whatever files the command line names. */
export function e2eShardOf(value: string | undefined): E2eShard | null {
  if (value === undefined || value === '') return null;
  const shard = e2eShardNames.find((name) => name === value);
  if (!shard) throw new Error(`E2E_SHARD is one of ${e2eShardNames.join(', ')}, not "${value}".`);
  return shard;
}
