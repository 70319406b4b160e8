export { StaffDashboardScreen } from './components/staff-dashboard-screen';
