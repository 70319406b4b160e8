export { FanProfileScreen } from './components/fan-profile-screen';
export { ProfileSettings } from './components/profile-settings';
export { ReportClaimScreen } from './components/report-claim-screen';
