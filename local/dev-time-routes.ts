// The product clock's two local-only routes (functions/contracts/routes.ts, resource `dev`), implemented by the local
// server itself so that no deployed bundle contains a way to move time. They run behind the same request edge as
// every handler (envelope, validation to 422, same-site check on the POST), through createResourceHandler.
import type { AdvanceBody } from '../functions/contracts/api/dev';
import { devContracts, maxAdvanceDays } from '../functions/contracts/api/dev';
import { AppError } from '../functions/domain/errors';
import { ok } from '../functions/handlers/lib/http';
import { createResourceHandler } from '../functions/handlers/lib/resource';
import type { LocalRouteHandlers } from './handlers';
import type { GatewayHandler } from './handlers';
import type { TimeMachine } from './time-machine';

// The request schema lives with the route's contract (functions/contracts/api/dev.ts), where the security suite reads it.
export { advanceBodySchema, maxAdvanceDays, maxAdvanceHours } from '../functions/contracts/api/dev';
export type { AdvanceBody } from '../functions/contracts/api/dev';

/** How far an advance moves the clock from `now`: days, hours, or up to the instant `until`. */
export function advanceMsOf(body: AdvanceBody, now: Date): number {
  if (body.until !== undefined) return Date.parse(body.until) - now.getTime();
  return body.days !== undefined ? body.days * 86_400_000 : (body.hours ?? 0) * 3_600_000;
}

/** The 422 of an `until` that is not ahead of the product's time or lies beyond the longest advance. */
function assertReachable(ms: number): void {
  if (ms > 0 && ms <= maxAdvanceDays * 86_400_000) return;
  throw new AppError('validation_failed', undefined, {
    fields: {
      until:
        ms <= 0
          ? 'Until must be after the product’s time.'
          : `Until must be at most ${maxAdvanceDays} days ahead.`,
    },
  });
}

/** The local handlers of GET /api/dev/time and POST /api/dev/time/advance, for local/handlers.ts. */
export function createDevTimeRoutes(timeMachine: TimeMachine): LocalRouteHandlers {
  const handler = createResourceHandler('dev', devContracts, {
    'GET /api/dev/time': async () =>
      ok({ now: timeMachine.now().toISOString(), offsetMs: timeMachine.offsetMs() }),
    'POST /api/dev/time/advance': async ({ body }) => {
      const ms = advanceMsOf(body, timeMachine.now());
      assertReachable(ms);
      const report = await timeMachine.advance(ms);
      return ok({ now: report.now.toISOString(), offsetMs: report.offsetMs, jobsRun: report.jobsRun });
    },
  }) as GatewayHandler;
  return new Map([
    ['GET /api/dev/time', handler],
    ['POST /api/dev/time/advance', handler],
  ]);
}
