export {
  StaffLedgerAccountScreen,
  StaffLedgerTransactionScreen,
  StaffPieReceiptScreen,
  StaffPlatformAccountsScreen,
} from './components/ledger-screens';
export type { RenderPieReceipt } from './components/ledger-screens';
