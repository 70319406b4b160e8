// The capability table (DESIGN §2): what each Lambda may touch beyond its own logs and traces, declared once. The CDK
// stack grants exactly this and passes only the environment variables these grants imply (infra/capabilities.ts);
// the infra tests hold the synthesized policies to it. Every resource of the route manifest must have a row (the
// Record type says so), and infra/ checks at compile time that every job, consumer and worker of
// events/definitions.ts has one, so nothing deploys with rights nobody declared. docs/decisions/013.
import type { Resource } from './routes';

/**
 * The one table:
 * - `probe`: GetItem, the health check's one read;
 * - `read`: GetItem, BatchGetItem, Query (no Scan: DESIGN §4);
 * - `read-put`: `read` and PutItem, for a function whose only write refreshes a cache item or a job's run record;
 * - `get-update`: GetItem and UpdateItem, for a stream worker that marks the item a record names;
 * - `read-write`: `read` and PutItem, UpdateItem, DeleteItem, BatchWriteItem, ConditionCheckItem (the parts of a
 *   TransactWriteItems).
 */
export type TableAccess = 'none' | 'probe' | 'read' | 'read-put' | 'get-update' | 'read-write';

/**
 * Secrets Manager secrets a function may read:
 * - `app` (`openpie/<stage>/app`, APP_SECRET_ARN): the session signing key, the OAuth providers' client secrets and
 *   reCAPTCHA's; every function that signs or checks a session reads it;
 * - `stripe` (`openpie/<stage>/stripe`, STRIPE_SECRET_ARN): Stripe's API key and webhook signing secret, for the
 *   payment, webhook, payout and reconciliation functions only.
 */
export type SecretName = 'app' | 'stripe';

export interface Capabilities {
  readonly table: TableAccess;
  readonly secrets: readonly SecretName[];
  /** kms:GenerateDataKey and kms:Decrypt on the token key, under the token encryption context: provider tokens. */
  readonly tokenKey?: true;
  /** Calls the OAuth providers or Spotify's Web API: their public client ids (the client secrets are in `app`). */
  readonly providers?: true;
  /** ses:SendEmail from the product's sender identity (EMAIL_FROM). */
  readonly sendsEmail?: true;
  /**
   * The fan-work queue: `send` (FAN_WORK_QUEUE_URL), `consume` (its worker's event source), or both: its worker sends
   * a fan whose sync failed again in a message of its own (docs/decisions/048).
   */
  readonly fanWorkQueue?: 'send' | 'consume' | 'consume-and-send';
  /** events:PutEvents on the bus (EVENT_BUS_NAME). Domain events caused by a write go through the table's outbox. */
  readonly publishesEvents?: true;
  /**
   * Mails staff, or says that it cannot: the staff address (STAFF_ALERT_EMAIL) when the stack was given one
   * (`-c staffAlertEmail=…`). No grant comes with it: the mail goes through the table outbox.
   */
  readonly mailsStaff?: true;
}

// What every signed-in call needs before its own work: the session signing key and the session item (DESIGN §6).
const session = { table: 'read', secrets: ['app'] } as const satisfies Capabilities;
const sessionWriter = { table: 'read-write', secrets: ['app'] } as const satisfies Capabilities;

/** One row per resource of the route manifest. */
export const resourceCapabilities: Readonly<Record<Resource, Capabilities>> = {
  // One GetItem on a key that never exists: proves the table answers.
  health: { table: 'probe', secrets: [] },
  // Shapes 404/405 from the manifest alone.
  'not-found': { table: 'none', secrets: [] },
  // Local only (never deployed): reads the mail outbox.
  dev: { table: 'read', secrets: [] },
  // Checked by Stripe's signature, not a session; books payments, refunds and disputes on the ledger (DESIGN §5).
  'webhooks-stripe': { table: 'read-write', secrets: ['stripe'] },

  // Accounts, sessions, rate-limit counters, link tokens and queued mail.
  'fan-auth': sessionWriter,
  // Social sign-in and connections: seals provider tokens, calls the providers.
  'fan-social': { ...sessionWriter, tokenKey: true, providers: true },
  // Checkout, subscriptions and the promo: Stripe calls and the ledger.
  'fan-payments': { table: 'read-write', secrets: ['app', 'stripe'] },
  // Reads the catalogue and listening; its one write keeps an artist's Spotify top tracks for a day.
  'fan-artists': { table: 'read-put', secrets: ['app'], providers: true },
  // History import stores plays and day totals.
  'fan-tracks': sessionWriter,
  // Username, visibility and the beta wish.
  'fan-user': sessionWriter,
  // Pie settings, bans and inclusions.
  'fan-pie': sessionWriter,
  // On-demand Spotify syncs: opens the fan's sealed tokens, stores plays.
  'fan-listening-sync': { ...sessionWriter, tokenKey: true, providers: true },
  // Balance, transactions and summary: reads the ledger only.
  'fan-wallet': session,
  // Claim reports.
  'fan-claims': sessionWriter,

  'artist-auth': sessionWriter,
  // Claim verification through a social profile (decision 027): the OAuth flow and the profile APIs, then the
  // attempt, the profile and the claim's move. No provider token is kept, so no token key.
  'artist-socials': { ...sessionWriter, providers: true },
  // Connect onboarding, balances and payouts: Stripe calls and the ledger.
  'artist-payments': { table: 'read-write', secrets: ['app', 'stripe'] },
  'artist-user': sessionWriter,
  // Claims, their verification attempts and the release of held earnings on the ledger.
  'artist-claims': sessionWriter,
  // Name search adds what Spotify finds to the catalogue.
  'artist-search': { ...sessionWriter, providers: true },
  // Offices, members, invitations.
  'artist-offices': sessionWriter,

  // Staff sign-in (password and Google) and artist-side users' Google connection.
  'admin-auth': { ...sessionWriter, providers: true },
  'admin-dashboard': session,
  // Staff decide claims (an audit log, the release of held earnings).
  'admin-claims': sessionWriter,
  'admin-artists': session,
  // Reads the fans' directory, pies and ledger, and asks Stripe for the refunds of a fan's charges. Staff's refund is
  // made at Stripe (the webhook books it); its one write here is the Put of its audit entry.
  'admin-fans': { table: 'read-put', secrets: ['app', 'stripe'] },
  // Escrow processing posts ledger transactions; Connect transfers stay with artist-payments.
  'admin-finances': sessionWriter,
  'admin-user-artists': session,
  // Removing an office's Stripe connection unlinks it in the table (the Connect account stays at Stripe); handing an
  // office with no admin to a new one queues the invitation mail through the outbox. Each writes its audit entry.
  'admin-offices': sessionWriter,
  // Compares the ledger with itself and with Stripe's balance transactions; it changes nothing.
  'admin-reconciliation': { table: 'read', secrets: ['app', 'stripe'] },
  // Reads the ledger, pies, payouts and receipts, and the Stripe object a transaction came from; it changes nothing.
  'admin-ledger': { table: 'read', secrets: ['app', 'stripe'] },
  // Reads the audit trail; its only writes are the entries of claim decisions stored before the trail, once.
  'admin-audit': { table: 'read-put', secrets: ['app'] },
};

/**
 * One row per job, bus consumer, queue worker and table-stream worker of events/definitions.ts, by its name there.
 * (contracts/ cannot import events/, so infra/capabilities.ts checks the names against the definitions.)
 */
export const backgroundCapabilities = {
  // Every job mails staff when a run fails after one that did not (events/lib/define-job.ts): one PutItem of the mail
  // in the outbox, which `read-put` and `read-write` allow.
  jobs: {
    // Pages through the sync index and sends one message per fan; the worker opens the tokens. Its one write is its
    // run record (decision 040), every job's, by PutItem.
    'listening-sync': { table: 'read-put', secrets: [], fanWorkQueue: 'send', mailsStaff: true },
    // Closes ended pie periods and sends one split per pie to the fan-work queue (renewals arrive by webhook).
    'pie-renewals': { table: 'read-write', secrets: [], fanWorkQueue: 'send', mailsStaff: true },
    // Moves money held for names heard alone to the artist they belong to (Spotify's track lookup with OpenPie's
    // client credentials), then returns aged escrow lots to the fans' wallets on the ledger.
    'escrow-aging': { table: 'read-write', secrets: ['app'], providers: true, mailsStaff: true },
    // Compares the ledger with Stripe and raises reconciliation.failed itself: no change causes it, so no outbox. Its
    // one write is its run record with what it found (decision 040), by PutItem; the mail of its findings is the
    // reconciliation-alerts consumer's, and it says on that record when there is no staff address.
    reconciliation: { table: 'read-put', secrets: ['stripe'], publishesEvents: true, mailsStaff: true },
  },
  consumers: {
    // Logs an alert that the stack's metric filter turns into a page, and queues the run's mail to staff in the outbox
    // by one conditional PutItem (the run's id is the mail's, so a redelivery queues nothing).
    'reconciliation-alerts': { table: 'read-put', secrets: [], mailsStaff: true },
    // A pie with nothing to split: sets its subscription to cancel at period end (Stripe) and stores it as Stripe says.
    'pie-renewal-stops': { table: 'read-write', secrets: ['stripe'] },
    // A fan deleted their account: cancels their subscriptions at Stripe at once and stores them as Stripe says.
    'deleted-fan-payments': { table: 'read-write', secrets: ['stripe'] },
  },
  queueWorkers: {
    // Per-fan syncs (sealed tokens, Spotify's client secret for refreshes) and pie splits on the ledger. It never
    // pays out, so Stripe's keys stay out of the function that handles the most third-party input. It sends a fan
    // whose sync failed in a message of several fans back to its own queue, alone.
    'fan-work': {
      table: 'read-write',
      secrets: ['app'],
      tokenKey: true,
      providers: true,
      fanWorkQueue: 'consume-and-send',
    },
  },
  streamWorkers: {
    // Sends each queued mail through SES and marks it sent.
    'mail-sender': { table: 'get-update', secrets: [], sendsEmail: true },
    // Puts each domain event of the outbox on the bus and marks it published.
    'event-publisher': { table: 'get-update', secrets: [], publishesEvents: true },
  },
} as const satisfies Record<string, Readonly<Record<string, Capabilities>>>;
