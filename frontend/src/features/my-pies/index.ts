export { MyPiesScreen } from './components/my-pies-screen';
