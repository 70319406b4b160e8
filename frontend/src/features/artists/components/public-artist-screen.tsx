// /artist-public/:id: an artist's public page, to share with anyone: who they are, whether they have claimed their
// profile, how many OpenPie fans listen to them this month, a way for fans to start a pie and for the artist (or
// their team) to claim the profile.
import { Link, useParams } from 'react-router-dom';
import type { ArtistDetails } from '@contracts/artists';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useArtistDetails } from '../../../lib/api/get-artist-details';
import '../artists.css';
import { describeFansListening, isArtistId } from '../lib/artist-words';
import { ArtistHeader, ArtistStates } from './artist-header';

export const publicArtistText = {
  fansTitle: 'For fans',
  fansLead:
    'With a pie, you choose a monthly amount and OpenPie splits it among the artists you actually listen to.',
  startPie: 'Start your pie',
  openPie: 'Go to your pie',
  artistTitle: 'Are you this artist, or on their team?',
  claimedLead:
    'This profile is claimed. If you work with the artist, ask the team that claimed it to add you.',
  unclaimedLead:
    'Claim this profile to receive what fans give through their pies. You verify the claim with a link in the artist’s bio.',
  claim: 'Claim this profile',
  artistArea: 'Go to the artist area',
} as const;

export function PublicArtistScreen({ fanSignedIn = false }: { fanSignedIn?: boolean }) {
  const { id = '' } = useParams();
  const valid = isArtistId(id);
  const reply = useArtistDetails(valid ? id : null);
  useDocumentTitle(reply.data ? `${reply.data.name} · OpenPie` : 'Artist · OpenPie');
  return (
    <ArtistStates
      validId={valid}
      reply={reply}
      wayOn={
        <Link className="button button--primary" to={fanSignedIn ? paths.fan.dashboard() : paths.home()}>
          {fanSignedIn ? 'Back to your dashboard' : 'Back to the home page'}
        </Link>
      }
    >
      {(artist) => <PublicArtistView artist={artist} fanSignedIn={fanSignedIn} />}
    </ArtistStates>
  );
}

export function PublicArtistView({ artist, fanSignedIn }: { artist: ArtistDetails; fanSignedIn: boolean }) {
  return (
    <div className="wide-screen artist-page">
      <ArtistHeader artist={artist} detail={describeFansListening(artist.fansListeningThisMonth)} />
      <div className="artist-page__columns">
        <section className="panel artist-page__panel" aria-labelledby="artist-fans">
          <h2 id="artist-fans" className="panel__title">
            {publicArtistText.fansTitle}
          </h2>
          <p>{publicArtistText.fansLead}</p>
          <div className="artist-page__actions">
            <Link
              className="button button--primary"
              to={fanSignedIn ? paths.fan.pie() : paths.fan.register()}
            >
              {fanSignedIn ? publicArtistText.openPie : publicArtistText.startPie}
            </Link>
          </div>
        </section>
        <section className="panel artist-page__panel" aria-labelledby="artist-claim">
          <h2 id="artist-claim" className="panel__title">
            {publicArtistText.artistTitle}
          </h2>
          <p>{artist.claimed ? publicArtistText.claimedLead : publicArtistText.unclaimedLead}</p>
          <div className="artist-page__actions">
            <Link className="button button--secondary" to={paths.artist.artists()}>
              {artist.claimed ? publicArtistText.artistArea : publicArtistText.claim}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
