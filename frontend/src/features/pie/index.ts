export { LivePieSection } from './components/live-pie-section';
export { PieDetailScreen } from './components/pie-detail-screen';
export { PieSettingsScreen } from './components/pie-settings-screen';
export { ReceiptCsvButton } from './components/receipt-csv-button';
// Staff's ledger drill-down shows a pie's receipt as its fan reads it (decision 039).
export { StaffPieBody } from './components/staff-pie-body';
