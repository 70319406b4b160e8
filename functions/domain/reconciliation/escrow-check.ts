// Reconciliation's escrow check: each artist account holds exactly its held lots, each artist's held total (what
// staff's escrow list shows, docs/decisions/041) is exactly its held lots, and no lot stays held longer than it may.
import type { EscrowLot } from '../money/escrow';
import type { AccountId } from '../money/ledger';
import { parseAccountId } from '../money/ledger';
import type { CheckResult, LedgerSnapshot, ReconciliationProblem } from './checks';
import { cents, dailyJobGraceMs } from './checks';

const artistAccountTypes: ReadonlySet<string> = new Set(['artist-earnings', 'artist-name-earnings']);

/** One artist's held total as the table keeps it (the sum of its parts). */
export interface ReconciledHeldTotal {
  artistKey: string;
  heldCents: number;
  lots: number;
}

/**
 * The escrow check: each artist account holds exactly its held lots; each artist's held total, when given, is its
 * held lots' cents and count; no lot stays held past its holding period (a daily run of grace); no lot of an artist an
 * office has claimed is still held.
 */
export function checkEscrow(input: {
  snapshot: LedgerSnapshot;
  lots: readonly EscrowLot[];
  /** Catalogue artist ids with a successful claim. */
  claimedArtistIds: ReadonlySet<string>;
  now: Date;
  /** Every artist's held total with anything in it (data/escrow-held.ts `listHeldTotals`). */
  heldTotals?: readonly ReconciledHeldTotal[];
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const heldByAccount = new Map<string, number>();
  for (const account of input.snapshot.accounts.values()) {
    if (artistAccountTypes.has(parseAccountId(account.accountId).type))
      heldByAccount.set(account.accountId, 0);
  }
  for (const lot of input.lots) {
    if (lot.status !== 'held') continue;
    heldByAccount.set(lot.accountId, (heldByAccount.get(lot.accountId) ?? 0) + lot.cents);
    const subject = `lot:${lot.pieId}/${lot.artistKey}`;
    if (Date.parse(lot.heldUntil) + dailyJobGraceMs < input.now.getTime()) {
      problems.push({
        check: 'escrow',
        subject,
        expected: `returned after ${lot.heldUntil}`,
        found: 'held',
        message: `${lot.cents} cents held for ${lot.artistName} are still held past ${lot.heldUntil}.`,
      });
    }
    if (lot.artistId !== null && input.claimedArtistIds.has(lot.artistId)) {
      problems.push({
        check: 'escrow',
        subject,
        expected: 'released',
        found: 'held',
        message: `${lot.artistName} was claimed, yet ${lot.cents} cents are still held for them.`,
      });
    }
  }
  for (const [accountId, held] of heldByAccount) {
    const balance = input.snapshot.accounts.get(accountId as AccountId)?.balanceCents ?? 0;
    if (balance !== held) {
      problems.push({
        check: 'escrow',
        subject: accountId,
        expected: cents(held),
        found: cents(balance),
        message: `${accountId} does not hold exactly its held lots.`,
      });
    }
  }
  const totals = input.heldTotals
    ? checkHeldTotals(input.lots, input.heldTotals)
    : { checked: 0, problems: [] };
  problems.push(...totals.problems);
  return { check: 'escrow', checked: heldByAccount.size + input.lots.length + totals.checked, problems };
}

/** Each artist's held total against its held lots: cents and lots, for every artist either names. */
function checkHeldTotals(
  lots: readonly EscrowLot[],
  heldTotals: readonly ReconciledHeldTotal[],
): { checked: number; problems: ReconciliationProblem[] } {
  const held = new Map<string, { cents: number; lots: number }>();
  for (const lot of lots) {
    if (lot.status !== 'held') continue;
    const sum = held.get(lot.artistKey) ?? { cents: 0, lots: 0 };
    sum.cents += lot.cents;
    sum.lots += 1;
    held.set(lot.artistKey, sum);
  }
  const totals = new Map(heldTotals.map((total) => [total.artistKey, total] as const));
  const problems: ReconciliationProblem[] = [];
  const artistKeys = [...new Set([...held.keys(), ...totals.keys()])].sort();
  for (const artistKey of artistKeys) {
    const expected = held.get(artistKey) ?? { cents: 0, lots: 0 };
    const total = totals.get(artistKey);
    const found = { cents: total?.heldCents ?? 0, lots: total?.lots ?? 0 };
    if (found.cents === expected.cents && found.lots === expected.lots) continue;
    problems.push({
      check: 'escrow',
      subject: `held-total:${artistKey}`,
      expected: `${cents(expected.cents)} in ${expected.lots} lots`,
      found: `${cents(found.cents)} in ${found.lots} lots`,
      message: `The held total of ${artistKey} is not its held lots: staff's escrow list shows it.`,
    });
  }
  return { checked: artistKeys.length, problems };
}
