// GET /api/admin/audit: a page of the audit trail, newest first, with the filters on screen.
import useSWR from 'swr';
import type { StaffAuditEntry } from '@contracts/admin-audit';
import type { AuditTargetType } from '@contracts/admin-audit';
import type { Pagination } from '@contracts/envelope';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const auditPageSize = 10;

export interface AuditFilter {
  page: number;
  action: string;
  actorId: string;
  targetType: AuditTargetType | '';
  targetId: string;
}

export interface AuditPage {
  rows: StaffAuditEntry[];
  pagination: Pagination | undefined;
}

export function staffAuditUrl(filter: AuditFilter, limit = auditPageSize): string {
  const query: Record<string, string> = { page: String(filter.page), limit: String(limit) };
  if (filter.action) query['action'] = filter.action;
  if (filter.actorId.trim()) query['actorId'] = filter.actorId.trim();
  if (filter.targetType) query['targetType'] = filter.targetType;
  if (filter.targetType && filter.targetId.trim()) query['targetId'] = filter.targetId.trim();
  return apiPath('GET /api/admin/audit', { query });
}

export async function fetchAuditPage(url: string): Promise<AuditPage> {
  const reply = await apiClient.send<StaffAuditEntry[]>(url);
  return { rows: reply.data, pagination: reply.pagination };
}

export function useStaffAudit(filter: AuditFilter) {
  return useSWR<AuditPage, unknown>(staffAuditUrl(filter), fetchAuditPage, { keepPreviousData: true });
}
