export { OfficeInvitationScreen } from './components/office-invitation-screen';
