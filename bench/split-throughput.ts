// The split function's throughput (issue #12, docs/decisions/021-the-split.md): fan pies split per second of CPU on
// one core, for months of 1,200 plays over 300 artists. Each fan's month is made once (seeded, so every run splits
// the same months): every artist is played at least once, the rest of the plays follow a long tail, one play in ten
// is a skip under 30 s, one track in five has two artists, one artist in twenty is known only by name. The months are
// reduced to per-artist listening by the listening rules as the split's caller will, then split over and over with
// settings that vary by fan (limit, tilt, excludeNonActive, bans and inclusions).
//
// CPU time, not wall time (process.cpuUsage: it barely moves when the machine is busy, and it counts the garbage
// collector's helper threads too, so the figure errs low). A second figure adds what the split's caller does per pie
// before it: sum the month's daily aggregates (the DAY# items getDailyListening reads, made here by aggregateDaily)
// into per-artist listening.
import { pathToFileURL } from 'node:url';
import type { CountablePlay, DailyListening } from '../functions/domain/listening/daily';
import { aggregateDaily, artistKeyOf } from '../functions/domain/listening/daily';
import type { SplitInput, SplitListening } from '../functions/domain/money/split';
import { splitArtistKeyOf, splitArtistOf, splitPie } from '../functions/domain/money/split';
import { randomFrom } from '../test/support/seeded-random';

export interface SplitThroughput {
  plays: number;
  artists: number;
  /** Distinct fan months the runs cycle through. */
  months: number;
  /** Pies split per CPU second: the split function alone, on per-artist listening. */
  piesPerSecond: number;
  /** Pies per CPU second from the month's daily aggregates: summed per artist, then split. */
  piesPerSecondFromDays: number;
  /** Artists the average split pays (the rest are dropped by the settings or folded under a cent). */
  averageIncluded: number;
  /**
   * The machine's yardstick, measured in the same run: "pies" a CPU second of the least any split does, each artist of
   * the listening copied into a result of the split's shape. The split's cost is reported as a multiple of it.
   */
  copyPiesPerSecond: number;
}

/** The yardstick: every listening entry copied into an object of a split result's fields. */
function copyListening(input: SplitInput): unknown[] {
  const copied: unknown[] = [];
  for (const entry of input.listening) {
    copied.push({
      artistKey: entry.artistId ?? entry.artistName,
      artistId: entry.artistId,
      artistName: entry.artistName,
      msListened: entry.msListened,
      tracksListened: entry.tracksListened,
      popularity: entry.popularity,
      active: entry.active,
      banned: false,
      inclusion: null,
      weightFactorBasisPoints: 10_000,
      weight: entry.msListened * 10_000,
      percentage: 0,
      cents: 0,
    });
  }
  return copied;
}

interface FanMonth {
  plays: CountablePlay[];
  popularity: Map<string, number | null>;
  inactive: Set<string>;
  settings: SplitInput['settings'];
  bannedArtistKeys: Set<string>;
  inclusions: Map<string, boolean>;
}

function makeFanMonth(fan: number, plays: number, artists: number): FanMonth {
  const random = randomFrom(fan + 1);
  const artistOf = (index: number) =>
    index % 20 === 19
      ? { artistName: `Imported Artist ${fan}-${index}` }
      : { artistId: `bench${String(index).padStart(4, '0')}`, artistName: `Artist ${index}` };
  const start = Date.UTC(2026, 9, 1);
  const list: CountablePlay[] = [];
  for (let play = 0; play < plays; play += 1) {
    // Everyone once, then a long tail: index ~ artists × u³ favours the first artists.
    const main = play < artists ? play : Math.floor(artists * random() ** 3);
    const featured = random() < 0.2 ? (main + 1 + Math.floor(random() * (artists - 1))) % artists : null;
    list.push({
      endedAt: new Date(start + play * 2_160_000).toISOString(),
      msPlayed: random() < 0.1 ? Math.floor(random() * 29_000) : 120_000 + Math.floor(random() * 180_000),
      artists: featured === null ? [artistOf(main)] : [artistOf(main), artistOf(featured)],
    });
  }
  const popularity = new Map<string, number | null>();
  const inactive = new Set<string>();
  for (let index = 0; index < artists; index += 1) {
    const key = splitArtistKeyOf({ artistId: null, ...artistOf(index) });
    popularity.set(key, index % 20 === 19 ? null : Math.floor(random() * 101));
    if (random() < 0.05) inactive.add(key);
  }
  const keyOf = (index: number) => splitArtistKeyOf({ artistId: null, ...artistOf(index) });
  return {
    plays: list,
    popularity,
    inactive,
    settings: {
      artistLimit: [0, 50, 100][fan % 3] ?? 0,
      artistPopularity: [0, 50, 100][Math.floor(fan / 3) % 3] ?? 0,
      excludeNonActive: fan % 2 === 0,
    },
    bannedArtistKeys: new Set([keyOf(3), keyOf(40)]),
    inclusions: new Map([
      [keyOf(250), true],
      [keyOf(7), false],
    ]),
  };
}

/** The per-artist listening of a month, as the split's caller builds it from the listening rules' days. */
function listeningOf(month: FanMonth, days: readonly DailyListening[]): SplitListening[] {
  const byArtist = new Map<string, SplitListening>();
  for (const day of days) {
    for (const artist of day.artists) {
      const {
        artistKey: key,
        artistId,
        keyIndex,
      } = splitArtistOf({
        artistId: artist.artistId ?? null,
        artistName: artist.artistName,
      });
      const entry = byArtist.get(key) ?? {
        keyIndex,
        artistId,
        artistName: artist.artistName,
        msListened: 0,
        tracksListened: 0,
        popularity: month.popularity.get(key) ?? null,
        active: !month.inactive.has(key),
      };
      entry.msListened += artist.msPlayed;
      entry.tracksListened += artist.plays;
      byArtist.set(key, entry);
    }
  }
  return [...byArtist.values()];
}

const cpuSecondsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1_000_000;
};

/** Pies split between two looks at the CPU clock: a look per pie cost about a fifth of what was measured. */
const piesPerLook = 100;

/** Splits `run(i)` until at least `minSeconds` of CPU and `minPies` pies have passed; pies per CPU second. */
function measure(run: (index: number) => void, minSeconds: number, minPies: number): number {
  for (let index = 0; index < 200; index += 1) run(index);
  const start = process.cpuUsage();
  let pies = 0;
  while (pies < minPies || cpuSecondsSince(start) < minSeconds) {
    for (let look = 0; look < piesPerLook; look += 1) {
      run(pies);
      pies += 1;
    }
  }
  return pies / cpuSecondsSince(start);
}

export function measureSplitThroughput({
  plays = 1_200,
  artists = 300,
  months = 30,
  netCents = 961,
  minSeconds = 2,
  minPies = 2_000,
}: {
  plays?: number;
  artists?: number;
  months?: number;
  netCents?: number;
  minSeconds?: number;
  minPies?: number;
} = {}): SplitThroughput {
  const fanMonths = Array.from({ length: months }, (_, fan) => makeFanMonth(fan, plays, artists));
  const inputs: SplitInput[] = fanMonths.map((month) => ({
    listening: listeningOf(month, aggregateDaily(month.plays)),
    settings: month.settings,
    bannedArtistKeys: month.bannedArtistKeys,
    inclusions: month.inclusions,
    netCents,
  }));
  const distinctArtists = new Set(fanMonths[0]?.plays.flatMap((play) => play.artists.map(artistKeyOf)));
  if (distinctArtists.size !== artists)
    throw new Error(`The bench month has ${distinctArtists.size} artists`);

  let included = 0;
  for (const input of inputs) {
    const result = splitPie(input);
    if (result.allocatedCents !== netCents) throw new Error('A bench split did not allocate its net');
    included += result.included.length;
  }
  const inputAt = (index: number) => inputs[index % inputs.length] ?? inputs[0];
  const monthAt = (index: number) => fanMonths[index % fanMonths.length] ?? fanMonths[0];
  const copyPiesPerSecond = measure(
    (index) => {
      const input = inputAt(index);
      if (input) copyListening(input);
    },
    minSeconds / 2,
    minPies,
  );
  const piesPerSecond = measure(
    (index) => {
      const input = inputAt(index);
      if (input) splitPie(input);
    },
    minSeconds,
    minPies,
  );
  const monthDays = fanMonths.map((month) => aggregateDaily(month.plays));
  const piesPerSecondFromDays = measure(
    (index) => {
      const month = monthAt(index);
      const input = inputAt(index);
      const days = monthDays[index % monthDays.length];
      if (month && input && days) splitPie({ ...input, listening: listeningOf(month, days) });
    },
    minSeconds,
    minPies,
  );
  return {
    plays,
    artists,
    months,
    piesPerSecond,
    piesPerSecondFromDays,
    averageIncluded: included / inputs.length,
    copyPiesPerSecond,
  };
}

// `npx tsx bench/split-throughput.ts` prints the figures as JSON: `npm run bench` measures the split in a process of
// its own, as a worker runs it, not in a heap the bench's other parts have filled.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(measureSplitThroughput()));
}
