export { StatementsSection } from './components/statements-section';
