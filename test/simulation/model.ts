// The simulation's model of the world: who exists (fans, offices, the catalogue's artists), and what the auditor
// expects from the requests made and the replies received — every checkout paid is booked once with its amount,
// every refund asked of Stripe is taken back once, every payout accepted is booked once — to hold against the ledger.
import type { SignedInAccount } from '../support/identity';

export interface FanModel {
  label: string;
  account: SignedInAccount;
  /** The fan's Stripe customer, once a checkout was paid. */
  customerId: string | null;
  /** A checkout paid and not known to be over: a new checkout is refused (one subscription per fan). */
  subscribed: boolean;
  deleted: boolean;
}

export interface OfficeModel {
  label: string;
  admin: SignedInAccount;
  officeId: string;
  artistIndex: number;
  onboarded: boolean;
}

export interface CatalogueArtist {
  id: string;
  name: string;
}

/** What the auditor expects to find in the ledger, from requests and replies. */
export interface Expectations {
  /** Checkout sessions paid (the sandbox's reply): each opens one pie of this amount for its fan. */
  paidCheckouts: { fan: string; fanId: string; sessionId: string; amountCents: number }[];
  /** Refunds Stripe accepted at the sim's request: each taken back once, whole. */
  refunds: { fan: string; refundId: string; amountCents: number }[];
  /** Payouts the product accepted (its reply): each booked once, with its amount. */
  payouts: { office: string; payoutId: string; amountCents: number }[];
}

export interface SimModel {
  artists: CatalogueArtist[];
  fans: FanModel[];
  offices: OfficeModel[];
  expect: Expectations;
  /** Days the clock moved (the commands' own count; the product clock agrees). */
  days: number;
  /** The last day of the current list of commands: AdvanceDays never goes past it. */
  periodEnd: number;
  /** The command log, one short line each, for a failure's report. */
  log: string[];
}

export function emptyModel(artists: CatalogueArtist[]): SimModel {
  return {
    artists,
    fans: [],
    offices: [],
    expect: { paidCheckouts: [], refunds: [], payouts: [] },
    days: 0,
    periodEnd: 0,
    log: [],
  };
}
