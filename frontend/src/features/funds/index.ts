export { FundsScreen } from './components/funds-screen';
export { PayoutDetailScreen } from './components/payout-screen';
export { TransactionDetailScreen } from './components/transaction-screen';
