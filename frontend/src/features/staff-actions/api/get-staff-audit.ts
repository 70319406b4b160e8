// GET /api/admin/audit: a page of the audit trail, newest first, with the filters on screen.
import type { AuditTargetType } from '@contracts/admin-audit';
import { staffList } from '../../../components/staff-table/staff-list';

export const auditPageSize = 10;

export interface AuditFilter {
  page: number;
  action: string;
  actorId: string;
  targetType: AuditTargetType | '';
  targetId: string;
}

/** A filter left empty is not sent; the target id counts only with its type. */
export const staffAudit = staffList(
  'GET /api/admin/audit',
  (filter: AuditFilter, limit) => ({
    page: String(filter.page),
    limit: String(limit),
    action: filter.action || undefined,
    actorId: filter.actorId.trim() || undefined,
    targetType: filter.targetType || undefined,
    targetId: (filter.targetType && filter.targetId.trim()) || undefined,
  }),
  auditPageSize,
);
