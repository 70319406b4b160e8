// What a refund or a lost dispute takes back, by origin (DESIGN §5, docs/decisions/031-money-by-origin.md), pure.
// The money of the payment it reverses, and nothing else, in this order:
//   1. what of it is still in the fan's wallet, unsplit (the pie's own `pie-funds` account);
//   2. that pie's lots still held for artists nobody has claimed, pro rata to what each still holds (largest
//      remainder, the one `apportion`);
//   3. the rest, already released to offices or paid out, is not clawed back: the platform books it as a loss.
// Never money of another pie, a later payment or a give-back. A lot taken back shrinks (and leaves `held` at 0), so
// escrow aging never returns it to the wallet afterwards.
import { apportion } from './apportion';
import { pieFundsOf, stripeClearingAccount } from './card-payments';
import type { AccountId, Posting } from './ledger';

/** A lot of the pie as the plan sees it: still held, with its cents. */
export interface HeldLotFacts {
  artistKey: string;
  accountId: AccountId;
  cents: number;
}

export interface TakeBackPlan {
  amountCents: number;
  fromPieFundsCents: number;
  /** One part per lot touched, in artist-key order; every `cents` is above 0 and at most the lot's. */
  fromLots: { artistKey: string; accountId: AccountId; cents: number; lotCentsBefore: number }[];
  lossCents: number;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} is whole cents, not ${value}`);
}

/**
 * Plans taking back `amountCents` of a pie's payment: first from `pieFundsCents` (the pie's money still in the
 * wallet), then from its held lots pro rata, the rest a loss. Each lot gives at most what it holds: the shares of a
 * total no larger than the lots' sum, by largest remainder, never exceed their weights.
 */
export function planTakeBack(input: {
  amountCents: number;
  pieFundsCents: number;
  heldLots: readonly HeldLotFacts[];
}): TakeBackPlan {
  assertCents(input.amountCents, 'An amount');
  if (input.amountCents === 0) throw new RangeError('A take-back is above 0 cents');
  const pieFunds = Math.max(0, input.pieFundsCents);
  const fromPieFundsCents = Math.min(input.amountCents, pieFunds);
  const lots = input.heldLots.filter((lot) => lot.cents > 0);
  for (const lot of lots) assertCents(lot.cents, `The lot of ${lot.artistKey}`);
  const heldCents = lots.reduce((sum, lot) => sum + lot.cents, 0);
  const fromLotsTotal = Math.min(input.amountCents - fromPieFundsCents, heldCents);
  const shares =
    fromLotsTotal === 0
      ? new Map<string, number>()
      : apportion(fromLotsTotal, new Map(lots.map((lot) => [lot.artistKey, lot.cents])));
  const fromLots = [...lots]
    .sort((a, b) => (a.artistKey < b.artistKey ? -1 : a.artistKey > b.artistKey ? 1 : 0))
    .flatMap((lot) => {
      const cents = shares.get(lot.artistKey) ?? 0;
      return cents > 0
        ? [{ artistKey: lot.artistKey, accountId: lot.accountId, cents, lotCentsBefore: lot.cents }]
        : [];
    });
  return {
    amountCents: input.amountCents,
    fromPieFundsCents,
    fromLots,
    lossCents: input.amountCents - fromPieFundsCents - fromLotsTotal,
  };
}

/**
 * How many lots one take-back transaction touches: its postings, lot updates and the artists' held totals must fit one
 * TransactWriteItems (the transaction item, 20 lots and 20 totals, 23 postings of two items: 87 of 100).
 */
export const lotsPerTakeBackPart = 20;

/**
 * The plan's ledger transactions: the first carries Stripe clearing, the pie's money, the loss and the first lots;
 * each further part (many artists held money) Stripe clearing and its lots. Each part sums to zero.
 */
export function takeBackParts(
  plan: TakeBackPlan,
  pieId: string,
  lossAccount: AccountId,
): { postings: Posting[]; lots: TakeBackPlan['fromLots'] }[] {
  const groups: TakeBackPlan['fromLots'][] = [];
  for (let start = 0; start < plan.fromLots.length; start += lotsPerTakeBackPart) {
    groups.push(plan.fromLots.slice(start, start + lotsPerTakeBackPart));
  }
  if (groups.length === 0) groups.push([]);
  return groups.map((lots, index) => {
    const fromLots = lots.reduce((sum, lot) => sum + lot.cents, 0);
    const head = index === 0;
    const clearing = fromLots + (head ? plan.fromPieFundsCents + plan.lossCents : 0);
    const postings: Posting[] = [
      { accountId: stripeClearingAccount, amountCents: clearing },
      ...(head ? [{ accountId: pieFundsOf(pieId), amountCents: -plan.fromPieFundsCents }] : []),
      ...lots.map((lot) => ({ accountId: lot.accountId, amountCents: -lot.cents })),
      ...(head ? [{ accountId: lossAccount, amountCents: -plan.lossCents }] : []),
    ];
    return { postings: postings.filter((posting) => posting.amountCents !== 0), lots };
  });
}
