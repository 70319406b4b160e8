// GET /api/admin/claims/list: a page of every claim, newest first, of one status or all, found by artist name.
import { claimStatuses } from '@contracts/claims';
import { apiPath } from '../../../lib/api-path';
import { listQuery, oneOf, staffList } from '../../../components/staff-table/staff-list';

/** SPEC §9: the claims list shows 20 a page. */
export const staffClaimsPageSize = 20;

/** The start of every page's address: a decision fetches each cached page again. */
export const staffClaimsListPath = apiPath('GET /api/admin/claims/list');

/** `choice` is the status filter: one claim status, or empty for every claim. */
export const staffClaims = staffList(
  'GET /api/admin/claims/list',
  (filter, limit) => ({ ...listQuery(filter, limit), status: oneOf(filter.choice, claimStatuses) }),
  staffClaimsPageSize,
);
