// GET /api/admin/ledger/platform-accounts: OpenPie's own ledger accounts with their balances.
import useSWR from 'swr';
import type { RouteReplyData } from '@contracts/api';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export type PlatformAccounts = RouteReplyData<'GET /api/admin/ledger/platform-accounts'>;

export const platformAccountsUrl = apiPath('GET /api/admin/ledger/platform-accounts');

export const fetchPlatformAccounts = () => apiClient.call('GET /api/admin/ledger/platform-accounts');

export function usePlatformAccounts() {
  return useSWR<PlatformAccounts, unknown>(platformAccountsUrl, fetchPlatformAccounts);
}
