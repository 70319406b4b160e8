// The forecast of a pie that has no listening of its own yet (GET /api/pie/{pieId}/realtime-stats?forecast=last-30-days):
// the same split the live preview makes (pie-preview.ts: the pie's money, settings, bans and inclusions), of the fan's
// listening in the 30 days up to now instead of the pie's period. A pie still counts only the plays of its own period;
// the forecast only shows a new fan (who synced or imported before paying) what their pie would look like.
import type { StoredPie } from '../../data/pies';
import { msPerDay } from '../../domain/calendar';

/** How far back the forecast reads: a pie's length. */
export const forecastDays = 30;

/** The forecasts a preview can make instead of the pie's own period (the realtime-stats query's `forecast`). */
export type PieForecast = 'last-30-days';

/** The pie as it is, its listening read over the last 30 days up to `now` (the period only says which plays count). */
export function forecastPieOf(pie: StoredPie, now: Date): StoredPie {
  return {
    ...pie,
    periodStart: new Date(now.getTime() - forecastDays * msPerDay).toISOString(),
    periodEnd: now.toISOString(),
  };
}
