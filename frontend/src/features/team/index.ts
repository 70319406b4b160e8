export { TeamScreen } from './components/team-screen';
export { TeamMemberScreen } from './components/team-member-screen';
