// Staff's actions with a reason and the audit log (decision 043): the office's and the fan's actions, mounted by the
// staff detail pages, and the audit log screen.
export { AuditLogScreen } from './components/audit-log-screen';
export { OfficeActions } from './components/office-actions';
export { RefundActions } from './components/refund-actions';
