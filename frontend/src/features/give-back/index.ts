export { GiveBackScreen } from './components/give-back-screen';
