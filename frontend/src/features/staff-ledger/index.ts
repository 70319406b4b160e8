export {
  StaffLedgerAccountScreen,
  StaffPieReceiptScreen,
  StaffPlatformAccountsScreen,
} from './components/ledger-screens';
export { StaffLedgerTransactionScreen } from './components/transaction-screen';
export type { RenderPieReceipt } from './components/ledger-screens';
