// The fan's profile (docs/decisions/009-fan-profile-and-reports.md): username, visibility and the beta
// wish, the profile other fans see as the visibility allows, and the fan's own activity. Behind the fan-user handler.
// Changes need the fan's account to be active (a deleted one ends the session: 401).
import type { FanUser } from '../../contracts/auth';
import type { FanActivity, FanProfileReply, PublicFanProfile } from '../../contracts/fan-profile';
import { fanProfileMessages } from '../../contracts/fan-profile';
import { getAccount } from '../../data/accounts';
import type { FanProfile } from '../../data/fan-profiles';
import { getFanProfile, recordBetaWish, setFanUsername, setFanVisibility } from '../../data/fan-profiles';
import { getDailyListening } from '../../data/listening';
import { getSpotifySyncState } from '../../data/spotify-sync';
import type { TableRef } from '../../data/table';
import { utcDateOf } from '../../domain/calendar';
import { AppError } from '../../domain/errors';
import {
  activityStartDate,
  buildPublicFanProfile,
  profilePeriodOf,
  summarizeActivity,
} from '../../domain/listening/fan-summary';
import type { FanVisibility } from '../../domain/listening/visibility';
import { canSeeFan } from '../../domain/listening/visibility';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { toFanUser } from '../identity/account-replies';
import { readOwnAccount, requireAccount } from '../identity/accounts';

export interface FanProfileDependencies {
  table: TableRef;
  clock: Clock;
}

/** The deployment's table and the product clock. */
export function fanProfileDependencies(): FanProfileDependencies {
  return { table: getTable(), clock: getClock() };
}

function toProfileReply(profile: FanProfile): FanProfileReply {
  return {
    username: profile.username ?? null,
    visibility: profile.visibility,
    joinedBetaAt: profile.joinedBetaAt ?? null,
  };
}

/** `GET /api/user`: the signed-in fan's account and connections, with their username, visibility and beta wish. */
export async function readFanUser(deps: FanProfileDependencies, fanId: string): Promise<FanUser> {
  const [{ account, connections }, profile] = await Promise.all([
    readOwnAccount(deps, 'fan', fanId),
    getFanProfile(deps.table, fanId),
  ]);
  return {
    ...toFanUser(account, connections),
    username: profile.username ?? null,
    visibility: profile.visibility,
    joined_beta_at: profile.joinedBetaAt ?? null,
  };
}

/** `PUT /api/user/username`: unique regardless of case; a name another fan holds is a 409 on the field. */
export async function renameFan(
  deps: FanProfileDependencies,
  fanId: string,
  username: string,
): Promise<FanProfileReply> {
  const { table, clock } = deps;
  await requireAccount(deps, 'fan', fanId);
  // A concurrent rename of the same fan loses the race once; the second try reads the new state.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const outcome = await setFanUsername(table, fanId, username, clock.now());
    if (outcome.status === 'saved') return toProfileReply(outcome.profile);
    if (outcome.status === 'taken') {
      throw new AppError('conflict', fanProfileMessages.usernameTaken, {
        code: 'username_taken',
        fields: { username: fanProfileMessages.usernameTaken },
      });
    }
  }
  throw new AppError('conflict', 'Your profile changed at the same time. Please try again.');
}

/** `PUT /api/user/visibility`. */
export async function changeFanVisibility(
  deps: FanProfileDependencies,
  fanId: string,
  visibility: FanVisibility,
): Promise<FanProfileReply> {
  await requireAccount(deps, 'fan', fanId);
  return toProfileReply(await setFanVisibility(deps.table, fanId, visibility, deps.clock.now()));
}

/** `POST /api/user/joinBeta` (the first wish's time is kept). */
export async function joinBeta(deps: FanProfileDependencies, fanId: string): Promise<FanProfileReply> {
  await requireAccount(deps, 'fan', fanId);
  return toProfileReply(await recordBetaWish(deps.table, fanId, deps.clock.now()));
}

/**
 * `GET /api/user/details/{id}`: the fan's profile as the viewer may see it (`canSeeFan`). Unknown, deleted and
 * private fans answer the same 404, so a profile's existence does not leak.
 */
export async function readPublicFanProfile(
  { table, clock }: FanProfileDependencies,
  viewerId: string,
  fanId: string,
): Promise<PublicFanProfile> {
  const [account, profile] = await Promise.all([
    getAccount(table, 'fan', fanId),
    getFanProfile(table, fanId),
  ]);
  const active = account?.status === 'active';
  if (!account || !canSeeFan(viewerId, { id: fanId, active, visibility: profile.visibility })) {
    throw new AppError('not_found', fanProfileMessages.profileNotFound);
  }
  const today = utcDateOf(clock.now());
  const { startDate, endDate } = profilePeriodOf(today);
  const days = await getDailyListening(table, fanId, startDate, endDate);
  const fan = {
    id: fanId,
    username: profile.username ?? null,
    memberSince: account.createdAt,
    visibility: profile.visibility,
  };
  return buildPublicFanProfile(fan, viewerId, days, today);
}

/** `GET /api/user/activity`: today, this week and this month by the UTC calendar, and the last sync. */
export async function readFanActivity(
  { table, clock }: FanProfileDependencies,
  fanId: string,
): Promise<FanActivity> {
  const today = utcDateOf(clock.now());
  const [days, sync] = await Promise.all([
    getDailyListening(table, fanId, activityStartDate(today), today),
    getSpotifySyncState(table, fanId),
  ]);
  return summarizeActivity(days, today, sync?.latestFetchedDate ?? null);
}
