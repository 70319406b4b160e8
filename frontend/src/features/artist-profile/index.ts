export { ProfileSummarySection } from './components/profile-summary-section';
export { ProfileUpdateScreen, type ProfileUpdateScreenProps } from './components/profile-update-screen';
