// "Why is this balance X" (decision 039): staff follow any balance to its ledger entries, each entry to its whole
// balanced transaction, and the transaction to what it belongs to (a pie, a claim, an office, a payout) and to the
// Stripe object it came from (a charge, refund, dispute, transfer or payout), read live from Stripe. Read only: the
// ledger through the ledger service's reads, the receipt through the fan's own receipt read.
import type {
  StaffLedgerAccount,
  StaffLedgerAccountPage,
  StaffLedgerTransaction,
  StaffPieReceipt,
} from '../../contracts/admin-ledger';
import { getLedgerBalances } from '../../data/ledger';
import type { StoredPayout } from '../../data/payouts';
import { getPayout } from '../../data/payouts';
import { getPie } from '../../data/pies';
import type { TableRef } from '../../data/table';
import type { AccountId } from '../../domain/money/ledger';
import {
  accountIdOf,
  LedgerRuleError,
  parseAccountId,
  platformAccountTypes,
  platformOwner,
} from '../../domain/money/ledger';
import { AppError, isAppError } from '../../domain/errors';
import type {
  StripeObjectReader,
  StripeObjectType,
  StripeObjectView,
} from '../../integrations/stripe/stripe-objects';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getStripeSettings } from '../../runtime/stripe-settings';
import { getTable } from '../../runtime/table';
import { getBalance, getTransaction, listEntries } from '../ledger';
import { readPieDetail } from '../pie/pie-receipt';

export interface LedgerDrillDownDependencies {
  table: TableRef;
  clock: Clock;
  /** Stripe, for the object a transaction came from. */
  stripeObjects(): Promise<StripeObjectReader>;
}

let reader: { key: string; reader: StripeObjectReader } | undefined;

/** The deployment's table, clock and Stripe (the Stripe settings' key and API root). */
export function ledgerDrillDownDependencies(): LedgerDrillDownDependencies {
  return {
    table: getTable(),
    clock: getClock(),
    stripeObjects: async () => {
      const settings = await getStripeSettings();
      const key = `${settings.apiKey}@${settings.apiUrl ?? ''}`;
      if (reader?.key !== key) {
        // Loaded on first use, with the Stripe SDK: a cold start that never drills down to Stripe does not parse it.
        const { createStripeObjectReader } = await import('../../integrations/stripe/stripe-objects');
        reader = {
          key,
          reader: createStripeObjectReader({ apiKey: settings.apiKey, apiUrl: settings.apiUrl }),
        };
      }
      return reader.reader;
    },
  };
}

const accountNotFound = () => new AppError('not_found', 'There is no such ledger account.');

function parseAccount(accountId: string) {
  try {
    return parseAccountId(accountId);
  } catch (error) {
    if (error instanceof LedgerRuleError) throw accountNotFound();
    throw error;
  }
}

/** An account with what its owner is; `pieFans` names the fan of each pie whose `pie-funds` account is shown. */
function describeAccount(accountId: string, pieFans: ReadonlyMap<string, string>): StaffLedgerAccount {
  const { id, type, owner } = parseAccount(accountId);
  const none = { fanId: null, officeId: null, pieId: null, artistId: null };
  const base = { accountId: id, type, owner };
  switch (type) {
    case 'fan-wallet':
      return { ...base, ...none, ownerKind: 'fan', fanId: owner };
    case 'pie-funds':
      return { ...base, ...none, ownerKind: 'pie', pieId: owner, fanId: pieFans.get(owner) ?? null };
    case 'artist-earnings':
      return { ...base, ...none, ownerKind: 'artist', artistId: owner };
    case 'artist-name-earnings':
      return { ...base, ...none, ownerKind: 'artist-name' };
    case 'office-payable':
    case 'connect-in-flight':
      return { ...base, ...none, ownerKind: 'office', officeId: owner };
    case 'give-back-in-flight':
      return { ...base, ...none, ownerKind: 'office', officeId: owner.split(':')[0] ?? owner };
    case 'ledger-clearing':
      return { ...base, ...none, ownerKind: 'transaction' };
    default:
      return { ...base, ...none, ownerKind: 'platform' };
  }
}

/** The fan of each pie named, by pie id (a pie that is gone names none). */
async function readPieFans(table: TableRef, pieIds: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(pieIds)];
  const pies = await Promise.all(unique.map((pieId) => getPie(table, pieId)));
  return new Map(pies.flatMap((pie, index) => (pie ? [[unique[index] as string, pie.fanId] as const] : [])));
}

/**
 * `GET /api/admin/ledger/accounts/{accountId}`: the balance as the ledger keeps it (a sharded account's shards
 * summed) and a page of its entries, newest first. An account no money ever moved through is a 404.
 */
export async function readLedgerAccount(
  deps: LedgerDrillDownDependencies,
  accountId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<StaffLedgerAccountPage> {
  const { id, type, owner } = parseAccount(accountId);
  const [balanceCents, entries, pieFans] = await Promise.all([
    getBalance(deps, id),
    listEntries(deps, id, { limit: page.limit, cursor: page.cursor ?? null }),
    readPieFans(deps.table, type === 'pie-funds' ? [owner] : []),
  ]);
  if (!page.cursor && entries.entries.length === 0 && balanceCents === 0) throw accountNotFound();
  return {
    account: describeAccount(id, pieFans),
    balanceCents,
    entries: entries.entries.map((entry) => ({
      transactionId: entry.transactionId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      at: entry.at,
    })),
    nextCursor: entries.cursor,
  };
}

/** `GET /api/admin/ledger/platform-accounts`: OpenPie's own accounts and their balances. */
export async function listPlatformAccounts(
  deps: LedgerDrillDownDependencies,
): Promise<{ accountId: string; type: string; balanceCents: number }[]> {
  const ids: AccountId[] = platformAccountTypes.map((type) => accountIdOf(type, platformOwner));
  const balances = await getLedgerBalances(deps.table, ids);
  return ids.map((accountId, index) => ({
    accountId,
    type: platformAccountTypes[index] as string,
    balanceCents: balances.get(accountId) ?? 0,
  }));
}

interface StripeSource {
  type: StripeObjectType;
  id: string;
  accountId?: string | undefined;
}

/** Which Stripe object a transaction came from, by what it was written with; null for a movement inside OpenPie. */
export function stripeSourceOf(
  transaction: { kind: string; references: Readonly<Record<string, string>> },
  payout: StoredPayout | null,
): StripeSource | null {
  const refs = transaction.references;
  if (refs['refundId']) return { type: 'refund', id: refs['refundId'] };
  if (refs['disputeId']) return { type: 'dispute', id: refs['disputeId'] };
  if (refs['stripePayoutId']) {
    return { type: 'payout', id: refs['stripePayoutId'], accountId: payout?.stripeAccountId };
  }
  if (refs['payoutId'] && payout?.transferId) return { type: 'transfer', id: payout.transferId };
  if (refs['chargeId']) return { type: 'charge', id: refs['chargeId'] };
  return null;
}

const stripeWords: Readonly<Record<StripeObjectType, string>> = {
  charge: 'card payment',
  refund: 'refund',
  dispute: 'dispute',
  transfer: 'transfer',
  payout: 'bank payout',
};

async function readStripeSide(
  deps: LedgerDrillDownDependencies,
  source: StripeSource | null,
  payoutId: string | null,
): Promise<StaffLedgerTransaction['stripe']> {
  if (!source) {
    return {
      state: 'none',
      type: null,
      id: null,
      object: null,
      message: payoutId
        ? 'This payout has not reached Stripe yet: no transfer was made for it.'
        : 'This transaction moved money inside OpenPie; no Stripe object is behind it.',
    };
  }
  const named = { type: source.type, id: source.id };
  let object: StripeObjectView | null;
  try {
    object = await (await deps.stripeObjects()).retrieve(source);
  } catch (error) {
    if (isAppError(error) && error.code === 'payment_provider_unavailable') {
      return {
        state: 'unavailable',
        ...named,
        object: null,
        message: `Stripe did not answer, so the ${stripeWords[source.type]} ${source.id} is not shown. Everything else here is OpenPie's own record; try again in a moment.`,
      };
    }
    throw error;
  }
  if (!object) {
    return {
      state: 'missing',
      ...named,
      object: null,
      message: `Stripe does not know the ${stripeWords[source.type]} ${source.id}.`,
    };
  }
  return {
    state: 'found',
    ...named,
    object: { ...object, createdAt: object.createdAt.toISOString() },
    message: `The ${stripeWords[source.type]} ${source.id}, as Stripe has it now.`,
  };
}

/**
 * `GET /api/admin/ledger/transactions/{transactionId}`: the whole balanced transaction (every line with its
 * account), what it belongs to, and the Stripe object it came from. When Stripe does not answer, everything else
 * still shows, with a sentence saying so.
 */
export async function readLedgerTransaction(
  deps: LedgerDrillDownDependencies,
  transactionId: string,
): Promise<StaffLedgerTransaction> {
  const transaction = await getTransaction(deps, transactionId);
  const refs = transaction.references;
  const payoutId = refs['payoutId'] ?? null;
  const pieFundsOwners = transaction.postings.flatMap((posting) => {
    const account = parseAccountId(posting.accountId);
    return account.type === 'pie-funds' ? [account.owner] : [];
  });
  const pieId = refs['pieId'] ?? pieFundsOwners[0] ?? null;
  const [pieFans, payout] = await Promise.all([
    readPieFans(deps.table, pieId ? [...pieFundsOwners, pieId] : pieFundsOwners),
    payoutId ? getPayout(deps.table, payoutId) : Promise.resolve(null),
  ]);
  const stripe = await readStripeSide(deps, stripeSourceOf(transaction, payout), payoutId);
  return {
    transactionId: transaction.id,
    kind: transaction.kind,
    at: transaction.at,
    idempotencyKey: transaction.idempotencyKey,
    status: transaction.status,
    lines: transaction.postings.map((posting) => ({
      account: describeAccount(posting.accountId, pieFans),
      amountCents: posting.amountCents,
    })),
    references: { ...refs },
    belongsTo: {
      pieId,
      fanId: refs['fanId'] ?? (pieId ? (pieFans.get(pieId) ?? null) : null),
      claimId: refs['claimId'] ?? null,
      officeId: refs['officeId'] ?? payout?.officeId ?? null,
      payoutId,
      artistId: refs['artistId'] ?? null,
    },
    reverses: transaction.reverses,
    reversedBy: transaction.reversedBy,
    stripe,
  };
}

/** `GET /api/admin/ledger/pies/{pieId}`: the pie's receipt (or live preview) exactly as its own fan reads it. */
export async function readPieReceiptForStaff(
  deps: LedgerDrillDownDependencies,
  pieId: string,
): Promise<StaffPieReceipt> {
  const pie = await getPie(deps.table, pieId);
  if (!pie) throw new AppError('not_found', 'There is no pie with this id.');
  return { pieId, fanId: pie.fanId, detail: await readPieDetail(deps, pie.fanId, pieId) };
}
