export { FundsScreen } from './components/funds-screen';
