// GET /api/pie/pie/{id}: one pie of the fan, its live preview while open, its receipt once split.
import useSWR from 'swr';
import type { PieDetail } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function pieDetailUrl(pieId: string): string {
  return apiPath('GET /api/pie/pie/{id}', { params: { id: pieId } });
}

export const fetchPieDetail = (pieId: string) =>
  apiClient.call('GET /api/pie/pie/{id}', { params: { id: pieId } });

export function usePieDetail(pieId: string) {
  return useSWR<PieDetail, unknown>(pieDetailUrl(pieId), () => fetchPieDetail(pieId), {
    revalidateOnFocus: true,
  });
}
