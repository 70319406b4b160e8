export { TryScreen } from './components/try-screen';
export type { TryScreenProps } from './components/try-screen';
export { FreePieOfferIfEligible } from './components/free-pie-offer';
export type { PromoHumanCheck } from './lib/promo-human-check';
