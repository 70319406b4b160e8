// The pie split as it stood before it was made several times faster (functions/domain/money/split.ts): kept word for
// word as the reference that test/unit/money-split-reference.test.ts compares the product's split with on random
// months, so the faster split gives the same cents, percentages, reasons and order for every input.
import { apportion } from '../../functions/domain/money/apportion';
import type {
  PieExclusionReason,
  PieSplit,
  SplitArtist,
  SplitExcludedArtist,
  SplitIncludedArtist,
  SplitInput,
} from '../../functions/domain/money/split';
import { maxSplitMilliseconds, weightFactorBasisPointsOf } from '../../functions/domain/money/split';
import { normalizeArtistName } from '../../functions/domain/listening/rules';

/** The artist key as it was computed before names were remembered. */
function splitArtistKeyOf(artist: { artistId: string | null; artistName: string }): string {
  return artist.artistId === null
    ? `name:${normalizeArtistName(artist.artistName)}`
    : `id:${artist.artistId}`;
}

function assertWhole(value: number, what: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${what} must be a whole number from 0 to ${max}, not ${value}`);
  }
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What an artist's line says whether the artist is in the split or left out of it. */
function artistLine(artist: SplitArtist) {
  return {
    artistKey: artist.artistKey,
    artistId: artist.artistId,
    artistName: artist.artistName,
    msListened: artist.msListened,
    tracksListened: artist.tracksListened,
    popularity: artist.popularity,
    active: artist.active,
    banned: artist.banned,
    inclusion: artist.inclusion,
    weightFactorBasisPoints: artist.weightFactorBasisPoints,
    weight: artist.weight,
  };
}

function excludedOf(artist: SplitArtist, reasons: PieExclusionReason[]): SplitExcludedArtist {
  return { ...artistLine(artist), percentage: 0, reasons };
}

function includedOf(artist: SplitArtist, percentage: number, cents: number): SplitIncludedArtist {
  return { ...artistLine(artist), percentage, cents };
}

/** The split as it was before it was made fast: the reference the product's split must agree with, field for field. */
export function referenceSplitPie(input: SplitInput): PieSplit {
  const { listening, settings, bannedArtistKeys, inclusions, netCents } = input;
  assertWhole(netCents, 'The net in cents');
  assertWhole(settings.artistLimit, 'The artist limit');
  assertWhole(settings.artistPopularity, 'The popularity tilt', 100);

  // Step 4's weight is computed for every artist, dropped or not, so the fan sees what an excluded artist would weigh.
  const artists = new Map<string, SplitArtist>();
  for (const entry of listening) {
    assertWhole(entry.msListened, `The time of ${entry.artistName}`, maxSplitMilliseconds);
    assertWhole(entry.tracksListened, `The track count of ${entry.artistName}`);
    if (entry.popularity !== null)
      assertWhole(entry.popularity, `The popularity of ${entry.artistName}`, 100);
    const artistKey = splitArtistKeyOf(entry);
    if (artists.has(artistKey)) {
      throw new RangeError(`The listening has ${artistKey} twice: add its times up before splitting`);
    }
    const weightFactorBasisPoints = weightFactorBasisPointsOf(settings.artistPopularity, entry.popularity);
    artists.set(artistKey, {
      artistKey,
      artistId: entry.artistId,
      artistName: entry.artistName,
      msListened: entry.msListened,
      tracksListened: entry.tracksListened,
      popularity: entry.popularity,
      active: entry.active,
      banned: bannedArtistKeys.has(artistKey),
      inclusion: inclusions.get(artistKey) ?? null,
      weightFactorBasisPoints,
      weight: entry.msListened * weightFactorBasisPoints,
    });
  }

  const excluded: SplitExcludedArtist[] = [];
  const exclude = (artist: SplitArtist, reasons: PieExclusionReason[]) =>
    excluded.push(excludedOf(artist, reasons));

  // Step 3: the fan's drops (all the reasons that apply, so lifting one shows what else holds the artist out) …
  const eligible: SplitArtist[] = [];
  for (const artist of artists.values()) {
    const reasons: PieExclusionReason[] = [];
    if (artist.banned) reasons.push('banned');
    if (artist.inclusion === false) reasons.push('excluded_by_fan');
    if (settings.excludeNonActive && !artist.active) reasons.push('not_active');
    if (reasons.length > 0) exclude(artist, reasons);
    else eligible.push(artist);
  }
  // … then the limit by raw time: the top artistLimit stay, and forced artists below them stay too.
  const byTime = eligible.sort((a, b) => b.msListened - a.msListened || byKey(a.artistKey, b.artistKey));
  const kept: SplitArtist[] = [];
  byTime.forEach((artist, rank) => {
    if (settings.artistLimit === 0 || rank < settings.artistLimit || artist.inclusion === true)
      kept.push(artist);
    else exclude(artist, ['over_limit']);
  });

  // Step 5 begins with the artists the fan forced in: included means paid. While the net has a cent for each of them that has
  // counted time (one with none is owed nothing and takes no cent from the count),
  // every forced artist with counted time whose share of what is left would be under one cent gets one cent, set aside first (repeated:
  // setting cents aside lowers the others' shares), and what is left is folded and apportioned among the rest.
  const forcedCount = kept.reduce(
    (count, artist) => count + (artist.inclusion === true && artist.weight > 0 ? 1 : 0),
    0,
  );
  const atOneCent: SplitArtist[] = [];
  let rest = kept;
  while (forcedCount > 0 && netCents >= forcedCount) {
    const restWeight = rest.reduce((sum, artist) => sum + BigInt(artist.weight), 0n);
    const left = BigInt(netCents - atOneCent.length);
    const under = rest.filter(
      (artist) => artist.inclusion === true && artist.weight > 0 && left * BigInt(artist.weight) < restWeight,
    );
    if (under.length === 0) break;
    atOneCent.push(...under);
    rest = rest.filter((artist) => !under.includes(artist));
  }
  const restCents = netCents - atOneCent.length;

  // Step 5's fold. An exact share net × w ÷ W is under one cent when net × w < W. Every round's drops are the lightest
  // artists still in, so with the artists sorted by weight the rounds drop a growing prefix: the same rounds as the
  // literal loop, in one pass. (W only falls as artists leave, so the shares left only grow: the second round never
  // drops anyone. The loop stays as DESIGN §5 words it.)
  const net = BigInt(restCents);
  const byWeight = [...rest].sort((a, b) => a.weight - b.weight || byKey(a.artistKey, b.artistKey));
  const keptWeight = byWeight.reduce((sum, artist) => sum + BigInt(artist.weight), 0n);
  let total = keptWeight;
  let first = 0;
  for (;;) {
    let end = first;
    let dropped = 0n;
    for (; end < byWeight.length; end += 1) {
      const weight = BigInt(byWeight[end]?.weight ?? 0);
      // With no weight left at all (no time), every share is zero: all of them go.
      if (total > 0n && net * weight >= total) break;
      dropped += weight;
    }
    if (end === first) break;
    first = end;
    total -= dropped;
  }
  if (first === byWeight.length && keptWeight > 0n && net > 0n) {
    // Every share is under a cent (more artists, listened to about evenly, than the net has cents): the literal rule
    // would drop them all and keep the money from every artist. Instead the lightest leave one at a time (ties by key)
    // until the lightest left gets a whole cent, so as many artists as the cents allow are paid, heaviest first
    // (docs/decisions/021-the-split.md).
    first = 0;
    total = keptWeight;
    while (first < byWeight.length - 1 && net * BigInt(byWeight[first]?.weight ?? 0) < total) {
      total -= BigInt(byWeight[first]?.weight ?? 0);
      first += 1;
    }
  }
  for (const artist of byWeight.slice(0, first)) exclude(artist, ['under_one_cent']);
  const paid = byWeight.slice(first);

  const cents =
    paid.length === 0
      ? new Map<string, number>()
      : apportion(restCents, new Map(paid.map((artist) => [artist.artistKey, BigInt(artist.weight)])));
  const totalWeight = Number(total);
  const restShare = netCents === 0 ? 1 : restCents / netCents;
  const included = [
    ...paid.map((artist) =>
      includedOf(artist, (artist.weight / totalWeight) * restShare * 100, cents.get(artist.artistKey) ?? 0),
    ),
    ...atOneCent.map((artist) => includedOf(artist, 100 / netCents, 1)),
  ].sort((a, b) => b.cents - a.cents || byKey(a.artistKey, b.artistKey));
  excluded.sort((a, b) => b.msListened - a.msListened || byKey(a.artistKey, b.artistKey));

  const allocatedCents = included.reduce((sum, artist) => sum + artist.cents, 0);
  return {
    outcome: included.length === 0 ? 'nothing_to_split' : 'split',
    netCents,
    allocatedCents,
    keptInWalletCents: netCents - allocatedCents,
    included,
    excluded,
  };
}
