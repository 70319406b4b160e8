export { ArtistDetailScreen } from './components/artist-detail-screen';
