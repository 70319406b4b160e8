// Taking back the money of one payment (docs/decisions/031-money-by-origin.md): what a refund or a lost dispute
// reverses comes from that payment's own pie, never from another pie, a later payment or a give-back. The plan
// (domain/money/take-back.ts) is made once per refund or dispute and stored beside the pie, then written as one
// balanced ledger transaction (more parts when many artists hold the pie's money), each part with the lots it takes
// in the same TransactWriteItems. A lot a claim released between the plan and the write is not clawed back from the
// office: its share becomes the platform's loss. Re-deliveries, concurrent deliveries and a crash between parts move
// the money once.
import { buildTakeBackLotItems, listPieLots } from '../../data/escrow-lots';
import { getLedgerTransaction, transactionIdOf } from '../../data/ledger';
import type { StoredTransaction } from '../../data/ledger';
import type { StoredTakeBack, TakeBackKind, TakeBackOutcome } from '../../data/take-backs';
import {
  getTakeBack,
  putTakeBack,
  replanTakeBack,
  setTakeBackOutcome,
  setTakeBackReinstated,
} from '../../data/take-backs';
import type { TableRef } from '../../data/table';
import { isAppError } from '../../domain/errors';
import { pieFundsOf, stripeClearingAccount } from '../../domain/money/card-payments';
import type { AccountId, Posting } from '../../domain/money/ledger';
import { parseAccountId } from '../../domain/money/ledger';
import type { TakeBackPlan } from '../../domain/money/take-back';
import { planTakeBack, takeBackParts } from '../../domain/money/take-back';
import type { Clock } from '../../runtime/clock';
import { getBalance, postTransaction, postTransactionAlongside } from '../ledger';

export interface TakeBackDependencies {
  table: TableRef;
  clock: Clock;
}

export interface TakeBackInput {
  pieId: string;
  fanId: string;
  kind: TakeBackKind;
  /** The Stripe refund or dispute id. */
  sourceId: string;
  /** `refund:<id>` or `dispute:<id>`: the key of its (first) ledger transaction. */
  idempotencyKey: string;
  amountCents: number;
  lossAccount: AccountId;
  references: Record<string, string>;
}

/** The plan as the pie's money stands now: its account's balance and its lots still held. */
async function planNow(deps: TakeBackDependencies, input: TakeBackInput): Promise<TakeBackPlan> {
  const [fundsCents, lots] = await Promise.all([
    getBalance(deps, pieFundsOf(input.pieId)),
    listPieLots(deps.table, input.pieId),
  ]);
  return planTakeBack({
    amountCents: input.amountCents,
    pieFundsCents: fundsCents,
    heldLots: lots
      .filter((lot) => lot.status === 'held')
      .map((lot) => ({ artistKey: lot.artistKey, accountId: lot.accountId, cents: lot.cents })),
  });
}

function partKey(idempotencyKey: string, index: number): string {
  return index === 0 ? idempotencyKey : `${idempotencyKey}:part:${index + 1}`;
}

const artistAccountTypes = new Set(['artist-earnings', 'artist-name-earnings']);

/** What a written part took, read from its postings. */
function outcomeOf(
  transaction: Pick<StoredTransaction, 'postings'>,
  lossAccount: AccountId,
): TakeBackOutcome {
  const outcome: TakeBackOutcome = { fromPieFundsCents: 0, fromLotsCents: 0, lossCents: 0 };
  for (const posting of transaction.postings) {
    const type = parseAccountId(posting.accountId).type;
    if (type === 'pie-funds') outcome.fromPieFundsCents -= posting.amountCents;
    else if (artistAccountTypes.has(type)) outcome.fromLotsCents -= posting.amountCents;
    else if (posting.accountId === lossAccount) outcome.lossCents -= posting.amountCents;
  }
  return outcome;
}

function addOutcomes(a: TakeBackOutcome, b: TakeBackOutcome): TakeBackOutcome {
  return {
    fromPieFundsCents: a.fromPieFundsCents + b.fromPieFundsCents,
    fromLotsCents: a.fromLotsCents + b.fromLotsCents,
    lossCents: a.lossCents + b.lossCents,
  };
}

/** Postings with one entry per account (a lot's share moved to the loss adds to the loss posting). */
function merged(postings: readonly Posting[]): Posting[] {
  const byAccount = new Map<AccountId, number>();
  for (const posting of postings) {
    byAccount.set(posting.accountId, (byAccount.get(posting.accountId) ?? 0) + posting.amountCents);
  }
  return [...byAccount]
    .filter(([, amountCents]) => amountCents !== 0)
    .map(([accountId, amountCents]) => ({ accountId, amountCents }));
}

/** The pie's money was spent between the plan and its first write: plan again. */
class StalePlanError extends Error {}

/** Attempts at one part whose lots keep changing under it (claims releasing them at that very moment). */
const partAttempts = 4;

async function writePart(
  deps: TakeBackDependencies,
  stored: StoredTakeBack,
  index: number,
  part: ReturnType<typeof takeBackParts>[number],
  references: Record<string, string>,
): Promise<TakeBackOutcome> {
  const key = partKey(stored.idempotencyKey, index);
  let lots = part.lots;
  let postings = part.postings;
  for (let attempt = 0; attempt < partAttempts; attempt += 1) {
    const before = await getLedgerTransaction(deps.table, transactionIdOf(key));
    if (before) return outcomeOf(before, stored.lossAccount);
    const at = deps.clock.now();
    let posted;
    try {
      posted = await postTransactionAlongside(
        deps,
        { kind: stored.kind, idempotencyKey: key, postings, references },
        buildTakeBackLotItems(
          deps.table,
          lots.map((lot) => ({ pieId: stored.pieId, ...lot })),
          at,
        ),
      );
    } catch (error) {
      if (index === 0 && isAppError(error) && error.code === 'insufficient_balance') {
        throw new StalePlanError(`The money of pie ${stored.pieId} changed since the plan`);
      }
      throw error;
    }
    if (posted) return outcomeOf(posted.transaction, stored.lossAccount);
    // Nothing of the take-back is written yet: plan it again from the pie's money and lots as they are now.
    if (index === 0) throw new StalePlanError(`The lots of pie ${stored.pieId} changed since the plan`);
    // A later part: a lot left `held` (released to an office, returned) or changed since the plan: what it can no longer give
    // is the platform's loss, never taken from the office or the wallet.
    const now = new Map(
      (await listPieLots(deps.table, stored.pieId)).map((lot) => [lot.artistKey, lot] as const),
    );
    const kept = lots.filter((lot) => {
      const current = now.get(lot.artistKey);
      return current?.status === 'held' && current.cents === lot.lotCentsBefore;
    });
    const dropped = lots.filter((lot) => !kept.includes(lot));
    postings = merged([
      ...postings.map((posting) => {
        const gone = dropped.find((lot) => lot.accountId === posting.accountId);
        return gone ? { accountId: stored.lossAccount, amountCents: posting.amountCents } : posting;
      }),
    ]);
    lots = kept;
  }
  throw new Error(`The lots of pie ${stored.pieId} kept changing while ${key} took them back`);
}

/**
 * Takes back `amountCents` of a pie's payment for a refund or a lost dispute, once per idempotency key: from the pie's
 * money still in the wallet, then its held lots pro rata, the rest a loss. Answers the stored take-back with what it
 * moved.
 */
export async function takeBackPaymentMoney(
  deps: TakeBackDependencies,
  input: TakeBackInput,
): Promise<StoredTakeBack> {
  let stored =
    (await getTakeBack(deps.table, input.pieId, input.idempotencyKey)) ??
    (await putTakeBack(deps.table, {
      pieId: input.pieId,
      fanId: input.fanId,
      kind: input.kind,
      sourceId: input.sourceId,
      idempotencyKey: input.idempotencyKey,
      lossAccount: input.lossAccount,
      plan: await planNow(deps, input),
      at: deps.clock.now().toISOString(),
      outcome: null,
      reinstatedBy: null,
    }));
  if (stored.outcome) return stored;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const parts = takeBackParts(stored.plan, stored.pieId, stored.lossAccount);
      let outcome: TakeBackOutcome = { fromPieFundsCents: 0, fromLotsCents: 0, lossCents: 0 };
      for (const [index, part] of parts.entries()) {
        outcome = addOutcomes(outcome, await writePart(deps, stored, index, part, input.references));
      }
      await setTakeBackOutcome(deps.table, stored, outcome);
      return { ...stored, outcome };
    } catch (error) {
      if (!(error instanceof StalePlanError) || attempt >= 3) throw error;
      await replanTakeBack(deps.table, stored, await planNow(deps, input), deps.clock.now());
      const again = await getTakeBack(deps.table, input.pieId, input.idempotencyKey);
      if (!again) throw new Error(`Take-back ${input.idempotencyKey} vanished`, { cause: error });
      stored = again;
    }
  }
}

/**
 * A dispute decided for us: Stripe gave the disputed money back. It returns to the pie's money in the fan's wallet
 * (what was taken from there and from held lots: a lot taken back is not held again) and the loss is undone. Once
 * per key; null when the dispute never took money.
 */
export async function reinstateTakeBack(
  deps: TakeBackDependencies,
  input: { pieId: string; idempotencyKey: string; reinstateKey: string; references: Record<string, string> },
): Promise<StoredTransaction | null> {
  const stored = await getTakeBack(deps.table, input.pieId, input.idempotencyKey);
  if (!stored?.outcome) return null;
  const { fromPieFundsCents, fromLotsCents, lossCents } = stored.outcome;
  const amount = fromPieFundsCents + fromLotsCents + lossCents;
  const { transaction } = await postTransaction(deps, {
    kind: 'dispute-reinstated',
    idempotencyKey: input.reinstateKey,
    postings: merged([
      { accountId: stripeClearingAccount, amountCents: -amount },
      { accountId: pieFundsOf(stored.pieId), amountCents: fromPieFundsCents + fromLotsCents },
      { accountId: stored.lossAccount, amountCents: lossCents },
    ]),
    references: input.references,
  });
  await setTakeBackReinstated(deps.table, stored, transaction.id);
  return transaction;
}
