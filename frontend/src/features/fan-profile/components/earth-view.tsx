// /earth: "a light world view of where the fan's listening goes". OpenPie knows no artist's home country, so the
// artists of the fan's last 30 days orbit a dot globe, each sized by its share of the fan's listening time, with a
// list as the text alternative (docs/decisions/009-fan-profile-and-reports.md). Its own lazy chunk.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ProfileArtist } from '@contracts/fan-profile';
import { paths } from '../../../lib/paths';
import { useFanDetails } from '../api/get-fan-details';
import '../fan-profile.css';
import { formatShare } from '../../../lib/format';
import { buildGlobeDots } from '../lib/world-dots';
import { LoadFailure } from '../../../components/load-failure';
import { TopArtistList } from './top-artist-list';

export const earthText = {
  title: 'Earth',
  lead: 'Where your listening goes: the artists of your last 30 days around the world, each as large as its share of your listening time.',
  loading: 'Loading your listening...',
  failed: 'We could not load your listening. Please try again in a moment.',
  emptyTitle: 'Nothing to show yet',
  empty:
    'Once OpenPie has read your listening from Spotify, or you have imported your Spotify history, your artists appear around the globe.',
  listTitle: 'Your artists of the last 30 days',
} as const;

const size = { width: 880, height: 580 };
const centre = { x: size.width / 2, y: size.height / 2 };
const globeRadius = 130;
const orbitRadius = 205;
/** Labels beyond this many artists would crowd the orbit; the list below names them all. */
const labelledArtists = 8;

function shortName(name: string): string {
  return name.length > 16 ? `${name.slice(0, 15)}…` : name;
}

/** The pie's slice colour of the artist at `index`, shared by its bubble and its line in the list. */
function sliceOf(index: number): number {
  return (index % 5) + 1;
}

interface PlacedArtist {
  artist: ProfileArtist;
  x: number;
  y: number;
  radius: number;
  angle: number;
  slice: number;
}

function placeArtists(artists: readonly ProfileArtist[]): PlacedArtist[] {
  const largest = Math.max(...artists.map((artist) => artist.share), 0.0001);
  return artists.map((artist, index) => {
    const angle = -Math.PI / 2 + (index * 2 * Math.PI) / artists.length;
    return {
      artist,
      angle,
      x: centre.x + orbitRadius * Math.cos(angle),
      y: centre.y + orbitRadius * Math.sin(angle),
      radius: 7 + 25 * Math.sqrt(artist.share / largest),
      slice: sliceOf(index),
    };
  });
}

export function EarthGlobe({ artists }: { artists: readonly ProfileArtist[] }) {
  const dots = useMemo(() => buildGlobeDots({ longitude: 10, latitude: 25 }), []);
  const placed = placeArtists(artists);
  const description = artists
    .map((artist) => `${artist.artistName}: ${formatShare(artist.share)}`)
    .join(', ');
  return (
    <svg
      className="earth__globe"
      viewBox={`0 0 ${size.width} ${size.height}`}
      role="img"
      aria-labelledby="earth-svg-title earth-svg-desc"
    >
      <title id="earth-svg-title">Your artists around the globe</title>
      <desc id="earth-svg-desc">
        {description === '' ? 'No artists yet.' : `Share of your listening time: ${description}.`}
      </desc>
      <circle className="earth__orbit" cx={centre.x} cy={centre.y} r={orbitRadius} />
      <circle className="earth__sea" cx={centre.x} cy={centre.y} r={globeRadius} />
      <g className="earth__land">
        {dots.map((dot, index) => (
          <circle
            key={index}
            cx={(centre.x + dot.x * globeRadius).toFixed(1)}
            cy={(centre.y + dot.y * globeRadius).toFixed(1)}
            r={1.9}
            opacity={(0.35 + 0.65 * dot.depth).toFixed(2)}
          />
        ))}
      </g>
      {placed.map(({ artist, x, y, angle, slice }) => {
        const start = {
          x: centre.x + globeRadius * Math.cos(angle),
          y: centre.y + globeRadius * Math.sin(angle),
        };
        return (
          <line
            key={`beam-${artist.artistId ?? artist.artistName}`}
            className={`earth__beam earth__slice-${slice}`}
            x1={start.x.toFixed(1)}
            y1={start.y.toFixed(1)}
            x2={x.toFixed(1)}
            y2={y.toFixed(1)}
            strokeWidth={(1 + 9 * artist.share).toFixed(1)}
          />
        );
      })}
      {placed.map(({ artist, x, y, radius, angle, slice }, index) => {
        const cos = Math.cos(angle);
        const anchor = cos > 0.3 ? 'start' : cos < -0.3 ? 'end' : 'middle';
        const labelDistance = radius + 8;
        const labelX = x + labelDistance * cos;
        const labelY = y + labelDistance * Math.sin(angle) + (Math.sin(angle) > 0.3 ? 12 : 4);
        return (
          <g key={artist.artistId ?? artist.artistName}>
            <circle className={`earth__artist earth__slice-${slice}`} cx={x} cy={y} r={radius} />
            {index < labelledArtists ? (
              <text className="earth__label" x={labelX.toFixed(1)} y={labelY.toFixed(1)} textAnchor={anchor}>
                {shortName(artist.artistName)} {formatShare(artist.share)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

export interface EarthViewProps {
  /** The signed-in fan's id: the view reads the fan's own profile. */
  fanId: string | null;
}

export function EarthView({ fanId }: EarthViewProps) {
  const { data, error, isLoading, mutate } = useFanDetails(fanId);
  return (
    <div className="reading-screen earth">
      <h1 className="fan-profile__title">{earthText.title}</h1>
      <p className="earth__lead">{earthText.lead}</p>
      {error || !fanId ? (
        <div className="earth__status">
          <LoadFailure message={earthText.failed} onRetry={() => void mutate()} />
        </div>
      ) : isLoading || !data ? (
        <p role="status" aria-busy="true">
          {earthText.loading}
        </p>
      ) : data.topArtists.length === 0 ? (
        <>
          <EarthGlobe artists={[]} />
          <section className="coming-soon__panel" aria-labelledby="earth-empty">
            <h2 id="earth-empty" className="coming-soon__subtitle">
              {earthText.emptyTitle}
            </h2>
            <p>{earthText.empty}</p>
            <Link className="button button--secondary" to={paths.fan.settings()}>
              Connect Spotify or import your history
            </Link>
          </section>
        </>
      ) : (
        <>
          <EarthGlobe artists={data.topArtists} />
          <section className="coming-soon__panel earth__list-panel" aria-labelledby="earth-list">
            <h2 id="earth-list" className="coming-soon__subtitle">
              {earthText.listTitle}
            </h2>
            <TopArtistList
              artists={data.topArtists}
              swatchColor={(index) => `var(--color-slice-${sliceOf(index)})`}
            />
          </section>
        </>
      )}
    </div>
  );
}
