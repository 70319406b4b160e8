export { StaffFinancesScreen } from './components/staff-finances-screen';
