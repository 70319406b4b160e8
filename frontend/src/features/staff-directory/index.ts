export {
  StaffArtistsScreen,
  StaffFansScreen,
  StaffOfficesScreen,
  StaffUserArtistsScreen,
} from './components/staff-list-screens';
export { StaffFanScreen, StaffOfficeScreen, StaffUserArtistScreen } from './components/staff-detail-screens';
