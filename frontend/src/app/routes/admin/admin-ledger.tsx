// Staff's ledger drill-down (decision 039), its own chunk: an account, a transaction, the platform's accounts, and a
// pie's receipt drawn by the fan area's own receipt, put together here (features never import each other).
import { StaffPieBody } from '../../../features/pie';
import {
  StaffLedgerAccountScreen,
  StaffLedgerTransactionScreen,
  StaffPieReceiptScreen,
  StaffPlatformAccountsScreen,
} from '../../../features/staff-ledger';

export function AdminLedgerScreen() {
  return <StaffPlatformAccountsScreen />;
}

export function AdminLedgerAccountScreen() {
  return <StaffLedgerAccountScreen />;
}

export function AdminLedgerTransactionScreen() {
  return <StaffLedgerTransactionScreen />;
}

export function AdminLedgerPieScreen() {
  return <StaffPieReceiptScreen renderReceipt={(receipt) => <StaffPieBody pie={receipt.detail} />} />;
}
