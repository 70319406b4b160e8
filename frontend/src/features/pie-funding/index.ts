export { PieScreen } from './components/pie-screen';
export type { PieScreenProps } from './components/pie-screen';
export { SuccessCheckoutScreen } from './components/success-checkout-screen';
