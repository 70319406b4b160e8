// /user/:userID: another fan's profile as their visibility allows (or the fan's own). A private or unknown profile
// reads the same, so the screen never tells whether a fan exists.
import { Link, useParams } from 'react-router-dom';
import type { PublicFanProfile } from '@contracts/fan-profile';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFanDetails } from '../api/get-fan-details';
import '../fan-profile.css';
import { formatDate, formatListeningTime, formatPlays } from '../../../lib/format';
import { isFanId } from '../lib/session-profile';
import { LoadFailure } from '../../../components/load-failure';
import { TopArtistList } from './top-artist-list';

export const fanProfileText = {
  loading: 'Loading the profile...',
  notFoundTitle: 'This profile is not available',
  notFound:
    'The fan may keep their profile private, or the link may be wrong. Profiles are private until their fan opens them.',
  failed: 'We could not load this profile. Please try again in a moment.',
  anonymousName: 'An OpenPie fan',
  yourProfile: 'Your profile',
  noListening: 'No listening in the last 30 days yet.',
} as const;

export function FanProfileScreen() {
  const { userID = '' } = useParams();
  const valid = isFanId(userID);
  const { data, error, isLoading, mutate } = useFanDetails(valid ? userID : null);
  const notFound = !valid || (isApiError(error) && error.status === 404);
  useDocumentTitle(data?.username ? `${data.username} · OpenPie` : 'Fan profile · OpenPie');

  if (notFound) {
    return (
      <div className="reading-screen fan-profile">
        <section className="coming-soon__panel" aria-labelledby="fan-profile-missing">
          <h1 id="fan-profile-missing" className="fan-profile__title">
            {fanProfileText.notFoundTitle}
          </h1>
          <p>{fanProfileText.notFound}</p>
          <Link className="button button--secondary" to={paths.fan.dashboard()}>
            Back to your dashboard
          </Link>
        </section>
      </div>
    );
  }
  if (error) {
    return (
      <div className="reading-screen fan-profile">
        <h1 className="fan-profile__title">Fan profile</h1>
        <LoadFailure message={fanProfileText.failed} onRetry={() => void mutate()} />
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="reading-screen fan-profile" aria-busy="true">
        <h1 className="fan-profile__title">Fan profile</h1>
        <p role="status">{fanProfileText.loading}</p>
      </div>
    );
  }
  return <FanProfileView profile={data} />;
}

export function FanProfileView({ profile }: { profile: PublicFanProfile }) {
  const name =
    profile.username ?? (profile.isSelf ? fanProfileText.yourProfile : fanProfileText.anonymousName);
  return (
    <div className="reading-screen fan-profile">
      <header className="fan-profile__header">
        <span className="fan-profile__avatar" aria-hidden="true">
          {(profile.username ?? 'F').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 className="fan-profile__title">{name}</h1>
          <p className="fan-profile__meta">Member since {formatDate(profile.memberSince)}</p>
        </div>
      </header>
      {profile.isSelf ? (
        <p className="fan-profile__note">
          {profile.visibility === 'private'
            ? 'Only you can see this profile. '
            : 'OpenPie fans can see this profile. '}
          <Link to={paths.fan.settings()}>Change this in your settings</Link>
        </p>
      ) : null}
      <section className="coming-soon__panel fan-profile__panel" aria-labelledby="fan-profile-top">
        <h2 id="fan-profile-top" className="coming-soon__subtitle">
          Top artists of the last 30 days
        </h2>
        {profile.topArtists.length === 0 ? (
          <p>{fanProfileText.noListening}</p>
        ) : (
          <>
            <p className="fan-profile__meta">
              {formatPlays(profile.plays)}, {formatListeningTime(profile.msPlayed)} of listening
            </p>
            <TopArtistList artists={profile.topArtists} withBars />
          </>
        )}
      </section>
      {profile.recentDays.length > 0 ? (
        <section className="coming-soon__panel fan-profile__panel" aria-labelledby="fan-profile-recent">
          <h2 id="fan-profile-recent" className="coming-soon__subtitle">
            Recent listening
          </h2>
          <ul className="fan-profile__days">
            {profile.recentDays.map((day) => (
              <li key={day.date}>
                <span>{formatDate(day.date)}</span>
                <span>
                  {formatPlays(day.plays)} · {formatListeningTime(day.msPlayed)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
