export { ArtistScreen } from './components/artist-screen';
export { PublicArtistScreen } from './components/public-artist-screen';
