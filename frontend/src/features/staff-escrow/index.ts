export { StaffEscrowScreen } from './components/staff-escrow-screen';
