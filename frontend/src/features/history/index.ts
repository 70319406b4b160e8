export { HistoryScreen } from './components/history-screen';
