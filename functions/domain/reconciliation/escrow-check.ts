// Reconciliation's escrow check: each artist account holds exactly its held lots, and no lot stays held longer than
// it may.
import type { EscrowLot } from '../money/escrow';
import type { AccountId } from '../money/ledger';
import { parseAccountId } from '../money/ledger';
import type { CheckResult, LedgerSnapshot, ReconciliationProblem } from './checks';
import { cents, dailyJobGraceMs } from './checks';

const artistAccountTypes: ReadonlySet<string> = new Set(['artist-earnings', 'artist-name-earnings']);

/**
 * The escrow check: each artist account holds exactly its held lots; no lot stays held past its holding period (a
 * daily run of grace); no lot of an artist an office has claimed is still held.
 */
export function checkEscrow(input: {
  snapshot: LedgerSnapshot;
  lots: readonly EscrowLot[];
  /** Catalogue artist ids with a successful claim. */
  claimedArtistIds: ReadonlySet<string>;
  now: Date;
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
  return { check: 'escrow', checked: heldByAccount.size + input.lots.length, problems };
}
