// The forecast of a pie that has no listening of its own yet (GET /api/pie/{pieId}/realtime-stats?forecast=last-30-days):
// the same split the live preview makes (pie-preview.ts: the pie's money, settings, bans and inclusions), of the fan's
// listening in the 30 days up to now instead of the pie's period. A pie still counts only the plays of its own period;
// the forecast only shows a new fan (who synced or imported before paying) what their pie would look like.
import type { RealtimeStats } from '../../contracts/pie';
import { getPie } from '../../data/pies';
import { msPerDay } from '../../domain/calendar';
import { AppError } from '../../domain/errors';
import type { PieDependencies } from '../payments/pies';
import type { PieSettingsWhatIf } from './pie-preview';
import { computePieSplit, toRealtimeStats } from './pie-preview';

/** How far back the forecast reads: a pie's length. */
export const forecastDays = 30;

export async function forecastPieSplit(
  deps: PieDependencies,
  fanId: string,
  pieId: string,
  whatIf: PieSettingsWhatIf,
): Promise<RealtimeStats> {
  const pie = await getPie(deps.table, pieId);
  if (!pie || pie.fanId !== fanId) throw new AppError('not_found', 'You have no pie with this id.');
  const now = deps.clock.now();
  // The pie as it is, its listening read over the last 30 days (the period only says which plays are counted).
  const lastDays = {
    ...pie,
    periodStart: new Date(now.getTime() - forecastDays * msPerDay).toISOString(),
    periodEnd: now.toISOString(),
  };
  const { split, stats, fees } = await computePieSplit(deps, lastDays, whatIf);
  return toRealtimeStats(pie, fees, split, stats);
}
