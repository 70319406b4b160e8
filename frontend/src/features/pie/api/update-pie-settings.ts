// PATCH /api/pie/{pieId}: saves any of the three split settings of the fan's open pie; answers the pie.
import type * as z from 'zod/mini';
import type { PieSummary } from '@contracts/payments';
import type { pieSettingsUpdateSchema } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';

export type PieSettingsUpdate = z.infer<typeof pieSettingsUpdateSchema>;

export function updatePieSettings(pieId: string, update: PieSettingsUpdate): Promise<PieSummary> {
  return apiClient.call('PATCH /api/pie/{pieId}', { params: { pieId }, body: update });
}
