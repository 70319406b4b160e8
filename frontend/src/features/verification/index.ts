export type { ClaimVerificationProps } from './components/claim-verification';
export { ClaimVerification } from './components/claim-verification';
export { VerificationResultScreen } from './components/verification-result-screen';
