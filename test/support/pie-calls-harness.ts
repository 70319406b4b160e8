// What the pie-calls tests share (DynamoDB Local): plays stored as the sync and the import store them, pies opened as
// a payment opens them, catalogue artists of their own, and calls through the fan-pie handler.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PieSettings } from '../../functions/data/pies';
import type { PlayToStore } from '../../functions/domain/listening/plays';
import { testTable } from './test-table';
import type { CallOptions } from './identity';
import { call } from './identity';
import { fundPieMoney, givenOpenPie, noTilt } from './factories/funding';

export const table = testTable;

export const dayMs = 86_400_000;

export interface PlayInput {
  endedAt: string;
  msPlayed: number;
  artists: { artistId?: string; artistName: string }[];
  source?: 'spotify' | 'import';
  trackName?: string;
}

/** Stores plays as the sync and the import do (stamped `storedAt` when given), then rebuilds their day totals. */
export async function storePlays(
  fanId: string,
  inputs: readonly PlayInput[],
  storedAt?: Date,
): Promise<void> {
  const { savePlays, recomputeDailyListening } = await import('../../functions/data/listening');
  const plays: PlayToStore[] = inputs.map((input, index) => ({
    endedAt: input.endedAt,
    msPlayed: input.msPlayed,
    trackName: input.trackName ?? `Track ${index}`,
    artists: input.artists,
    source: input.source ?? 'spotify',
    identity: JSON.stringify([input.endedAt, index, input.msPlayed, input.trackName ?? '']),
  }));
  const saved = await savePlays(table(), fanId, plays, storedAt ? { storedAt } : {});
  await recomputeDailyListening(table(), fanId, saved.days);
}

/** Opens a pie as a payment does: $10, Stripe's fee 59¢, so its net is 941¢. */
export async function openTestPie(
  fanId: string,
  periodStart: Date,
  options: {
    promo?: boolean;
    pieDays?: number;
    settings?: PieSettings;
    inclusions?: Record<string, boolean>;
  } = {},
) {
  const pie = await givenOpenPie(fanId, periodStart, {
    promo: options.promo ?? false,
    pieDays: options.pieDays ?? 30,
    amountCents: options.promo ? 500 : 1000,
    processingFeeCents: options.promo ? 0 : 59,
    settings: options.settings ?? noTilt,
    ...(options.inclusions ? { inclusions: options.inclusions } : {}),
  });
  await fundPieMoney(pie);
  return pie;
}

/** A pie that started `daysAgo` days before now (to the second), so its period runs when the handler reads it. */
export function startedDaysAgo(daysAgo: number): Date {
  return new Date(Math.floor((Date.now() - daysAgo * dayMs) / 1000) * 1000);
}

/** Two catalogue artists of this test's own: a popular one and an obscure one. */
export async function addCatalogueArtists() {
  const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
  const popular = { id: `popular${randomUUID().slice(0, 8)}`, name: 'Popular Band', popularity: 90 };
  const obscure = { id: `obscure${randomUUID().slice(0, 8)}`, name: 'Obscure Duo', popularity: 10 };
  await upsertCatalogueArtists(table(), [popular, obscure], new Date('2026-10-01T00:00:00.000Z'));
  return {
    popular: { artistId: popular.id, artistName: popular.name },
    obscure: { artistId: obscure.id, artistName: obscure.name },
  };
}

/** Marks a pie split as the end-of-period split does, at `splitAt` (the pie's receipt totals only). */
export async function markSplitAt(pieId: string, splitAt: Date): Promise<void> {
  await table().client.send(
    new UpdateCommand({
      TableName: table().name,
      Key: { pk: `PIE#${pieId}`, sk: 'PIE' },
      UpdateExpression: 'SET #status = :split, receipt = :receipt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':split': 'split',
        ':receipt': {
          outcome: 'split',
          splitAt: splitAt.toISOString(),
          allocatedCents: 941,
          keptInWalletCents: 0,
          artistCount: 1,
          heldCents: 941,
          heldArtistCount: 1,
          heldUntil: null,
        },
      },
    }),
  );
}

export async function callPie(
  method: string,
  path: string,
  cookie: string | null,
  options: CallOptions = {},
) {
  const { handler } = await import('../../functions/handlers/fan-pie');
  return call(handler, method, path, { ...(cookie ? { cookies: [cookie] } : {}), ...options });
}
