// The simulation's model of the world: who exists (fans, offices, the catalogue's artists, the names heard only in
// imports), and what the auditor expects from the requests made and the replies received — every checkout paid is
// booked once with its amount, every refund asked of Stripe is taken back once, every payout accepted is booked once,
// a promo pie is funded once, a cancelled pie and a deleted fan's card are never charged again, a rejected office is
// never paid, a name the catalogue learnt holds nothing once the escrow job ran — to hold against the ledger.
import type { SignedInAccount } from '../support/identity';

export interface FanModel {
  label: string;
  account: SignedInAccount;
  /** The fan's Stripe customer, once a checkout was paid. */
  customerId: string | null;
  /** A checkout paid and not known to be over: a new checkout is refused (one subscription per fan). */
  subscribed: boolean;
  deleted: boolean;
  /** Came through /try with a Spotify account: may take the free promo pie once (absent: an ordinary sign-up). */
  fromTry?: boolean;
}

export interface OfficeModel {
  label: string;
  admin: SignedInAccount;
  officeId: string;
  artistIndex: number;
  onboarded: boolean;
}

/** An office whose claim staff rejected: it never holds an artist's money. */
export interface RejectedOffice {
  label: string;
  officeId: string;
  artistId: string;
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
  /** Promo pies the product opened (201): each funded once, with $5, from promo-funding. */
  promos: { fan: string; fanId: string }[];
  /** Pies the fan cancelled (200): Stripe charges the subscription no more after `at` (unix seconds). */
  cancelled: { fan: string; subscriptionId: string; at: number }[];
  /** Fans who deleted their account (200): their card is never charged after `at` (unix seconds). */
  deleted: { fan: string; fanId: string; customerId: string | null; at: number }[];
  /** Names heard only in imports that the catalogue learnt on `day`: nothing held under the name after that day. */
  learntNames: { name: string; day: number }[];
}

export interface SimModel {
  artists: CatalogueArtist[];
  fans: FanModel[];
  offices: OfficeModel[];
  rejectedOffices: RejectedOffice[];
  /** How many names of the long tail (`Tail Artist k`) imports have named so far; the catalogue knows none at first. */
  tailNames: number;
  /** The /try promo codes were added to the pool (once, as operators do before a campaign). */
  promoPoolFilled: boolean;
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
    rejectedOffices: [],
    tailNames: 0,
    promoPoolFilled: false,
    expect: {
      paidCheckouts: [],
      refunds: [],
      payouts: [],
      promos: [],
      cancelled: [],
      deleted: [],
      learntNames: [],
    },
    days: 0,
    periodEnd: 0,
    log: [],
  };
}
