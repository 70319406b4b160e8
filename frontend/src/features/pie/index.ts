export { LivePieSection } from './components/live-pie-section';
export { PieDetailScreen } from './components/pie-detail-screen';
export { PieSettingsScreen } from './components/pie-settings-screen';
export { ReceiptCsvButton } from './components/receipt-csv-button';
