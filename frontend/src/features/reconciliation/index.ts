export { ReconciliationPanel } from './components/reconciliation-panel';
