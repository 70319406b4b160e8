// The listening sync's DynamoDB cost for one fan (decision 008): read and write capacity units, as DynamoDB reports
// them with ReturnConsumedCapacity (transactions modelled from their items' sizes: decision 034 stores plays in them;
// BatchGetItem, for which DynamoDB Local reports nothing, modelled from the keys it asks), for a first sync that stores
// 50 new plays on an empty catalogue, the next one, which finds nothing new, and the first sync of another fan who
// heard the same plays, whose artists the catalogue already holds (an unchanged artist is read, not written again),
// that fan's sync one period of the job later (events/definitions.ts: the plays of an evening's period), and what
// writing one artist again costs when Spotify's figures for it changed (its followers).
// Runs the real sync against DynamoDB Local and the Spotify sandbox on a free port, on the bench's own clock (a fixed
// evening, so the sandbox's seeded listening and every figure are the same on every run).
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobs } from '../events/definitions';
import { parseSchedule } from '../local/schedule-expression';

export interface SyncCost {
  /** The fan's own items: connection, cursor, plays, days. */
  readUnits: number;
  writeUnits: number;
  /** Everything else the sync writes: the catalogue's artists (upsertCatalogueArtists). */
  catalogueReadUnits: number;
  catalogueWriteUnits: number;
  plays: number;
  /** Artists the sync added to the catalogue (the catalogue's count before and after). */
  newArtists: number;
}

export interface ListeningSyncCost {
  firstSync: SyncCost;
  nextSync: SyncCost;
  /** Another fan's first sync of the same 50 plays: every artist already in the catalogue, unchanged. */
  knownArtistsSync: SyncCost;
  /** The same fan's sync one period of the job later: the plays of that period, a fan listening in the evening. */
  nextPeriodSync: SyncCost;
  /** The job's period (events/definitions.ts), in minutes. */
  periodMinutes: number;
  /** Write units of one catalogue artist written again because its followers changed (name and rank the same). */
  changedArtistWriteUnits: number;
}

/** Read commands by either name the middleware may see (the document client's or the low-level client's). */
const readCommands = new Set([
  'GetCommand',
  'GetItemCommand',
  'QueryCommand',
  'BatchGetCommand',
  'BatchGetItemCommand',
  'ScanCommand',
]);

/** The first partition key a request names, to tell the fan's own items from the catalogue's. */
function firstPartitionOf(input: Record<string, unknown>): string {
  type Loose = Record<string, unknown> | undefined;
  const pkOf = (value: unknown): unknown => (value as Loose)?.['pk'];
  const values = input['ExpressionAttributeValues'] as Loose;
  const requests = Object.values((input['RequestItems'] ?? {}) as Record<string, unknown>)[0];
  const first = (
    Array.isArray(requests) ? requests[0] : ((requests as Loose)?.['Keys'] as unknown[] | undefined)?.[0]
  ) as Loose;
  // A transaction's first item: its Put's item, or the key its Update, Delete or ConditionCheck names.
  const transactionItem = (input['TransactItems'] as Loose[] | undefined)?.[0];
  const transacted = Object.values(transactionItem ?? {})[0] as Loose;
  const candidates = [
    pkOf(input['Key']),
    pkOf(input['Item']),
    pkOf(transacted?.['Item']),
    pkOf(transacted?.['Key']),
    values?.[':pk'],
    pkOf(first),
    pkOf((first?.['PutRequest'] as Loose)?.['Item']),
    pkOf((first?.['DeleteRequest'] as Loose)?.['Key']),
  ];
  const found = candidates.find((candidate) => typeof candidate === 'string');
  return typeof found === 'string' ? found : '';
}

/**
 * What a TransactWriteItems costs in AWS: 2 write units per KB (rounded up) of each item it writes. DynamoDB Local
 * reports 4 units for a transaction of any size, so the figure is modelled from the items' sizes (their JSON).
 */
function transactionWriteUnits(input: Record<string, unknown>): number {
  const items = (input['TransactItems'] ?? []) as Record<string, { Item?: unknown } | undefined>[];
  return items.reduce((sum, entry) => {
    const written = entry['Put']?.Item;
    const bytes = written === undefined ? 0 : Buffer.byteLength(JSON.stringify(written));
    return sum + 2 * Math.max(1, Math.ceil(bytes / 1024));
  }, 0);
}

/**
 * What a BatchGetItem costs in AWS: each key asked is read on its own, its item's size rounded up to 4 KB (an absent
 * item the minimum), 1 unit a 4 KB consistent or 0.5 eventually consistent. DynamoDB Local reports nothing for it.
 * The items' sizes are those of their projected attributes, a floor for the whole item AWS charges: the sync's items
 * are all well under 4 KB, so one step each.
 */
function batchGetReadUnits(input: Record<string, unknown>, output: Record<string, unknown>): number {
  type Request = { Keys?: unknown[]; ConsistentRead?: boolean };
  const requests = Object.entries((input['RequestItems'] ?? {}) as Record<string, Request>);
  const responses = (output['Responses'] ?? {}) as Record<string, unknown[] | undefined>;
  return requests.reduce((sum, [tableName, request]) => {
    const perStep = request.ConsistentRead ? 1 : 0.5;
    const found = (responses[tableName] ?? []).map((item) =>
      Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(item)) / 4096)),
    );
    const absent = Math.max(0, (request.Keys?.length ?? 0) - found.length);
    return sum + perStep * (found.reduce((steps, step) => steps + step, 0) + absent);
  }, 0);
}

interface CapacityLike {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

/** The listening-sync job's period in ms, from its schedule (a rate expression). */
export function listeningSyncPeriodMs(): number {
  const job = jobs.find((candidate) => candidate.name === 'listening-sync');
  const schedule = parseSchedule(job?.schedule ?? '');
  if (schedule.kind !== 'rate')
    throw new Error(`The listening sync's schedule is not a rate: ${job?.schedule}`);
  return schedule.everyMs;
}

export async function measureListeningSyncCost(): Promise<ListeningSyncCost> {
  const periodMs = listeningSyncPeriodMs();
  const { startDynamoDbLocal, createLocalDynamoDbClient } = await import('../local/dynamodb-local');
  const { ensureTable, deleteTable } = await import('../local/table');
  const { createDocumentClient } = await import('../functions/runtime/dynamodb-client');
  const { deleteConnection, saveConnection } = await import('../functions/data/accounts');
  const { spotifySyncIndexAttributes } = await import('../functions/data/spotify-sync');
  const { fanPartition } = await import('../functions/data/keys');
  // Every fan partition starts so; the catalogue's do not.
  const fanPartitionPrefix = fanPartition('');
  const { syncFanListening } = await import('../functions/services/listening/listening-sync');
  const { createLogger } = await import('../functions/runtime/logger');
  const { loadTokenCipher } = await import('../functions/services/token-cipher');
  const { spotifyTokenContext } = await import('../functions/domain/identity/connections');
  const { createTokenRefresher } = await import('../functions/integrations/oauth');
  const { loadOAuthConfig } = await import('../functions/services/oauth-ports');
  const { createOAuthSandbox, demoSpotifyRefreshToken } = await import('../local/oauth-sandbox');
  const { spotifyAccountIdOf } = await import('../local/oauth-sandbox/identities');

  const dynamoDbLocal = await startDynamoDbLocal({});
  const tableName = `openpie-bench-sync-${Date.now()}`;
  // The local-mode configuration the sync's metrics validate, as every test process gets it (the part may run alone).
  process.env.TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = dynamoDbLocal.endpoint;
  await import('../test/support/env-setup');
  (await import('../functions/runtime/env')).resetEnvCache();
  const admin = createLocalDynamoDbClient(dynamoDbLocal.endpoint);
  // The bench's clock, read by the sandbox's listening and by the sync: a fixed evening (UTC), moved by the bench.
  let nowMs = Date.UTC(2026, 10, 25, 20, 0, 0);
  const sandbox = createOAuthSandbox({ clock: () => nowMs });
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    sandbox.handle(req, res, url).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const client = createDocumentClient({ region: 'us-east-1', endpoint: dynamoDbLocal.endpoint });
  // Every call asks for its consumed capacity, summed by whether the command reads or writes.
  const spent = { read: 0, write: 0, catalogueRead: 0, catalogueWrite: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>)['ReturnConsumedCapacity'] = 'TOTAL';
      const result = await next(args);
      const reported = (result.output as { ConsumedCapacity?: CapacityLike | CapacityLike[] })
        .ConsumedCapacity;
      const units =
        context.commandName === 'TransactWriteItemsCommand'
          ? transactionWriteUnits(args.input as Record<string, unknown>)
          : context.commandName === 'BatchGetCommand' || context.commandName === 'BatchGetItemCommand'
            ? batchGetReadUnits(
                args.input as Record<string, unknown>,
                result.output as Record<string, unknown>,
              )
            : [reported ?? []].flat().reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
      const isRead = readCommands.has(context.commandName ?? '');
      const ownItems = firstPartitionOf(args.input as Record<string, unknown>).startsWith(fanPartitionPrefix);
      if (ownItems) spent[isRead ? 'read' : 'write'] += units;
      else spent[isRead ? 'catalogueRead' : 'catalogueWrite'] += units;
      return result;
    },
    { step: 'initialize', name: 'countConsumedCapacity' },
  );
  try {
    await ensureTable(admin, tableName);
    const table = { client, name: tableName };
    const cipher = loadTokenCipher({ STAGE: 'local' });
    const listener = spotifyAccountIdOf('demo-fan@openpie.example');
    /** A fan connected to the sandbox's demo listener: two such fans hear the same plays of the same artists. */
    const connectFan = async (fanId: string) =>
      saveConnection(table, 'fan', fanId, {
        provider: 'spotify',
        providerUserId: listener,
        connectedAt: new Date(nowMs).toISOString(),
        details: {
          spotifyTokens: await cipher.encrypt(
            JSON.stringify({ accessToken: 'bench-stale', refreshToken: demoSpotifyRefreshToken }),
            spotifyTokenContext(fanId),
          ),
          ...spotifySyncIndexAttributes(fanId),
        },
      });
    const [fanId, otherFanId] = [`bench-fan-${Date.now()}`, `bench-other-fan-${Date.now()}`];
    await connectFan(fanId);
    const refresher = createTokenRefresher(
      loadOAuthConfig({ STAGE: 'local', SITE_ORIGIN: origin, OAUTH_SANDBOX_URL: `${origin}/_sandbox/oauth` }),
    );
    const { countCatalogueArtists, listCatalogueArtists, upsertCatalogueArtists } =
      await import('../functions/data/catalogue/artists');
    const deps = {
      table,
      clock: { now: () => new Date(nowMs) },
      cipher,
      apiBase: `${origin}/_sandbox/oauth/spotify/api`,
      refreshTokens: (refreshToken: string, now: Date) =>
        refresher.refreshTokens('spotify', { refreshToken, now }),
    };
    const log = createLogger('silent');
    const measure = async (fanId: string): Promise<SyncCost> => {
      const artistsBefore = await countCatalogueArtists(table);
      Object.assign(spent, { read: 0, write: 0, catalogueRead: 0, catalogueWrite: 0 });
      const outcome = await syncFanListening(deps, fanId, { mode: 'since-cursor', log });
      if (outcome.status !== 'synced') throw new Error(`The bench sync ended ${outcome.status}`);
      return {
        readUnits: spent.read,
        writeUnits: spent.write,
        catalogueReadUnits: spent.catalogueRead,
        catalogueWriteUnits: spent.catalogueWrite,
        plays: outcome.result.added,
        newArtists: (await countCatalogueArtists(table)) - artistsBefore,
      };
    };
    const firstSync = await measure(fanId);
    const nextSync = await measure(fanId);
    // A Spotify account connects one fan at a time: the first fan disconnects it, the other connects it.
    await deleteConnection(table, 'fan', fanId, 'spotify');
    await connectFan(otherFanId);
    const knownArtistsSync = await measure(otherFanId);
    nowMs += periodMs;
    const nextPeriodSync = await measure(otherFanId);
    const { artists } = await listCatalogueArtists(table, {
      page: 1,
      limit: 100,
      sort: 'name',
      direction: 'asc',
    });
    Object.assign(spent, { catalogueWrite: 0 });
    await upsertCatalogueArtists(
      table,
      artists.map(({ id, name, followers }) => ({ id, name, followers: (followers ?? 0) + 1 })),
      new Date(nowMs),
    );
    const changedArtistWriteUnits = spent.catalogueWrite / Math.max(1, artists.length);
    return {
      firstSync,
      nextSync,
      knownArtistsSync,
      nextPeriodSync,
      periodMinutes: periodMs / 60_000,
      changedArtistWriteUnits,
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await deleteTable(admin, tableName).catch(() => undefined);
    client.destroy();
    admin.destroy();
    await dynamoDbLocal.stop();
  }
}
