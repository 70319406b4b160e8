export { ArtistsScreen } from './components/artists-screen';
export { ClaimScreen } from './components/claim-screen';
