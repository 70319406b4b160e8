export { OfficeSettingsScreen } from './components/office-settings-screen';
