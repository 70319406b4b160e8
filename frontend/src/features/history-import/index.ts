export { HistoryImportSection } from './components/history-import-section';
