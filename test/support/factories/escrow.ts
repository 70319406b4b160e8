// Money held for artists in integration tests, as a split leaves it: per lot a pie's money paid in and split to the
// artist's earnings account (or, for an artist known only by name, to the name's account), and the lot held, for a
// year unless told otherwise. Every lot's pie is new unless the test opened it.
import { randomUUID } from 'node:crypto';
import { normalizeArtistName } from '../../../functions/domain/listening/rules';
import type { EscrowLot } from '../../../functions/domain/money/escrow';
import type { AccountId } from '../../../functions/domain/money/ledger';
import { accountIdOf } from '../../../functions/domain/money/ledger';
import { getClock } from '../../../functions/runtime/clock';
import { testTable } from '../test-table';

const yearMs = 365 * 86_400_000;

/** Whom money is held for: a catalogue artist, or a name (`id: null`) the catalogue does not know yet. */
export interface HeldFor {
  id: string | null;
  name: string;
}

/**
 * One lot: the fan whose pie gave it and its cents; its pie new unless named (a pie the test opened itself), held
 * from when the call says unless the share says otherwise.
 */
export interface HeldShare {
  fanId: string;
  cents: number;
  pieId?: string;
  heldFrom?: string;
}

/** The split key of whom the money is held for: `id:<catalogue id>`, or `name:<normalised name>`. */
export function artistKeyOf(artist: HeldFor): string {
  return artist.id === null ? `name:${normalizeArtistName(artist.name)}` : `id:${artist.id}`;
}

/** A held lot as a split stores it, on the artist's account; held for a year from `heldFrom` unless told. */
export function heldLotOf(
  artist: HeldFor,
  accountId: AccountId,
  share: { fanId: string; cents: number; pieId: string },
  heldFrom: string,
  heldUntil = new Date(Date.parse(heldFrom) + yearMs).toISOString(),
): EscrowLot {
  return {
    pieId: share.pieId,
    fanId: share.fanId,
    artistKey: artistKeyOf(artist),
    artistId: artist.id,
    artistName: artist.name,
    accountId,
    cents: share.cents,
    status: 'held',
    heldFrom,
    heldUntil,
  };
}

/**
 * Lots held for the artist as splits leave them: per share its pie's money paid in (`fan-payment`) and split to the
 * artist's account (`split`, naming the pie and the fan), then the lots stored, held from `heldFrom` (now, unless
 * the share says) until `heldUntil` (a year after it was held).
 */
export async function givenHeldLots(
  artist: HeldFor,
  shares: readonly HeldShare[],
  { heldFrom = new Date().toISOString(), heldUntil }: { heldFrom?: string; heldUntil?: string } = {},
): Promise<EscrowLot[]> {
  const { postTransaction } = await import('../../../functions/services/ledger');
  const { putEscrowLots } = await import('../../../functions/data/escrow-lots');
  const { accountOfArtistKey } = await import('../../../functions/services/pie/pie-split');
  const accountId = accountOfArtistKey(artistKeyOf(artist));
  const ledger = { table: testTable(), clock: getClock() };
  const lots: EscrowLot[] = [];
  for (const share of shares) {
    const { fanId, cents, pieId = `pie_${randomUUID().replaceAll('-', '')}` } = share;
    const funds = accountIdOf('pie-funds', pieId);
    await postTransaction(ledger, {
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:${pieId}`,
      postings: [
        { accountId: funds, amountCents: cents },
        { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -cents },
      ],
    });
    await postTransaction(ledger, {
      kind: 'split',
      idempotencyKey: `split:${pieId}`,
      postings: [
        { accountId: funds, amountCents: -cents },
        { accountId, amountCents: cents },
      ],
      references: { pieId, fanId },
    });
    lots.push(heldLotOf(artist, accountId, { fanId, cents, pieId }, share.heldFrom ?? heldFrom, heldUntil));
  }
  await putEscrowLots(testTable(), lots);
  return lots;
}
