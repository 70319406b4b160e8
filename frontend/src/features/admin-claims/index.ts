export { AdminClaimScreen } from './components/admin-claim-screen';
export { AdminClaimsScreen } from './components/admin-claims-screen';
