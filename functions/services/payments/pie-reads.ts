// A fan's pies as the fan sees them (GET /api/pie/active, GET /api/pie/user/{id}/pies): the status derived from what
// is stored, the subscription (does it cancel at period end?) and the clock. Another fan's pies are shown only as
// their visibility allows (`canSeeFan`); otherwise a 404 that says nothing about whether the fan exists.
import type { PieSummary } from '../../contracts/payments';
import type { StoredPie } from '../../data/pies';
import { listFanPies } from '../../data/pies';
import type { StoredSubscription } from '../../data/subscriptions';
import { listFanSubscriptions } from '../../data/subscriptions';
import { getAccount } from '../../data/accounts';
import { getFanProfile } from '../../data/fan-profiles';
import { AppError } from '../../domain/errors';
import { canSeeFan } from '../../domain/listening/visibility';
import type { PieDependencies } from './pies';
import { findCurrentPie, toPieSummary } from './pies';

/** How many pies the list shows: more than eight years of monthly pies. */
const pieListLimit = 100;

function summarise(pie: StoredPie, subscriptions: readonly StoredSubscription[], now: Date): PieSummary {
  const subscription = pie.subscriptionId
    ? subscriptions.find((s) => s.id === pie.subscriptionId)
    : undefined;
  return toPieSummary(pie, { now, cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false });
}

/** GET /api/pie/active: the fan's current pie, or null. */
export async function readActivePie(deps: PieDependencies, fanId: string): Promise<PieSummary | null> {
  const [pie, subscriptions] = await Promise.all([
    findCurrentPie(deps, fanId),
    listFanSubscriptions(deps.table, fanId),
  ]);
  return pie ? summarise(pie, subscriptions, deps.clock.now()) : null;
}

async function assertCanSeePies(deps: PieDependencies, viewerId: string, fanId: string): Promise<void> {
  if (viewerId === fanId) return;
  const [account, profile] = await Promise.all([
    getAccount(deps.table, 'fan', fanId),
    getFanProfile(deps.table, fanId),
  ]);
  const seen = { id: fanId, active: account?.status === 'active', visibility: profile.visibility };
  if (!canSeeFan(viewerId, seen)) {
    throw new AppError('not_found', 'There is no fan with this id, or their pies are private.');
  }
}

/** GET /api/pie/user/{id}/pies: a fan's pies, newest first, if the viewer may see that fan. */
export async function listPiesOfFan(
  deps: PieDependencies,
  viewerId: string,
  fanId: string,
): Promise<PieSummary[]> {
  await assertCanSeePies(deps, viewerId, fanId);
  const [pies, subscriptions] = await Promise.all([
    listFanPies(deps.table, fanId, { limit: pieListLimit }),
    listFanSubscriptions(deps.table, fanId),
  ]);
  const now = deps.clock.now();
  return pies.map((pie) => summarise(pie, subscriptions, now));
}
