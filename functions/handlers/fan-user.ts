// Routes of the 'fan-user' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
// The contract's visibilities and the domain's must match: replies take the domain's value and writes the contract's,
// so the compiler checks both directions.
import type { FanProfileReply, PublicFanProfile } from '../contracts/fan-profile';
import {
  fanProfileMessages,
  profileIdParamsSchema,
  profilePeriodDays,
  profileTopArtistLimit,
  usernameUpdateSchema,
  visibilityUpdateSchema,
} from '../contracts/fan-profile';
import { getAccount, listConnections } from '../data/accounts';
import type { FanProfile } from '../data/fan-profiles';
import { getFanProfile, recordBetaWish, setFanUsername, setFanVisibility } from '../data/fan-profiles';
import { getDailyListening } from '../data/listening';
import { getSpotifySyncState } from '../data/spotify-sync';
import { AppError } from '../domain/errors';
import {
  activityStartDate,
  rankTopArtists,
  shiftUtcDate,
  summarizeActivity,
  toUtcDate,
} from '../domain/listening/fan-summary';
import { canSeeListeningOf } from '../domain/listening/visibility';
import { toFanUser } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { requireAccount } from '../services/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';

function toProfileReply(profile: FanProfile): FanProfileReply {
  return {
    username: profile.username ?? null,
    visibility: profile.visibility,
    joinedBetaAt: profile.joinedBetaAt ?? null,
  };
}

const profileNotFound = () => new AppError('not_found', fanProfileMessages.profileNotFound);

export const handler = createResourceHandler('fan-user', {
  'GET /api/user': defineRoute({
    handle: async ({ principal }) => {
      const { userId } = requirePrincipal(principal);
      const [account, connections, profile] = await Promise.all([
        requireAccount('fan', userId),
        listConnections(getTable(), 'fan', userId),
        getFanProfile(getTable(), userId),
      ]);
      return ok({
        ...toFanUser(account, connections),
        username: profile.username ?? null,
        visibility: profile.visibility,
        joined_beta_at: profile.joinedBetaAt ?? null,
      });
    },
  }),
  'PUT /api/user/username': defineRoute({
    body: usernameUpdateSchema,
    handle: async ({ body, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      await requireAccount('fan', userId);
      // A concurrent rename of the same fan loses the race once; the second try reads the new state.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const outcome = await setFanUsername(getTable(), userId, body.username, now);
        if (outcome.status === 'saved') return ok(toProfileReply(outcome.profile));
        if (outcome.status === 'taken') {
          throw new AppError('conflict', fanProfileMessages.usernameTaken, {
            code: 'username_taken',
            fields: { username: fanProfileMessages.usernameTaken },
          });
        }
      }
      throw new AppError('conflict', 'Your profile changed at the same time. Please try again.');
    },
  }),
  'PUT /api/user/visibility': defineRoute({
    body: visibilityUpdateSchema,
    handle: async ({ body, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      await requireAccount('fan', userId);
      return ok(toProfileReply(await setFanVisibility(getTable(), userId, body.visibility, now)));
    },
  }),
  'POST /api/user/joinBeta': defineRoute({
    handle: async ({ principal, now }) => {
      const { userId } = requirePrincipal(principal);
      await requireAccount('fan', userId);
      return ok(toProfileReply(await recordBetaWish(getTable(), userId, now)));
    },
  }),
  'GET /api/user/details/{id}': defineRoute({
    handle: async ({ event, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      // Any id that names no fan is simply not found, whatever its shape.
      const params = profileIdParamsSchema.safeParse(event.pathParameters ?? {}).data;
      if (!params) throw profileNotFound();
      const [account, profile] = await Promise.all([
        getAccount(getTable(), 'fan', params.id),
        getFanProfile(getTable(), params.id),
      ]);
      // Unknown, deleted and private read the same, so a profile's existence does not leak.
      if (account?.status !== 'active' || !canSeeListeningOf(userId, params.id, profile.visibility)) {
        throw profileNotFound();
      }
      const endDate = toUtcDate(now);
      const startDate = shiftUtcDate(endDate, profilePeriodDays - 1);
      const days = await getDailyListening(getTable(), params.id, startDate, endDate);
      const reply: PublicFanProfile = {
        id: params.id,
        username: profile.username ?? null,
        memberSince: account.createdAt,
        visibility: profile.visibility,
        isSelf: userId === params.id,
        period: { startDate, endDate },
        plays: days.reduce((sum, day) => sum + day.plays, 0),
        msPlayed: days.reduce((sum, day) => sum + day.msPlayed, 0),
        topArtists: rankTopArtists(days, profileTopArtistLimit),
        recentDays: days
          .filter((day) => day.plays > 0)
          .slice(-7)
          .reverse()
          .map(({ date, plays, msPlayed }) => ({ date, plays, msPlayed })),
      };
      return ok(reply);
    },
  }),
  'GET /api/user/activity': defineRoute({
    handle: async ({ principal, now }) => {
      const { userId } = requirePrincipal(principal);
      const today = toUtcDate(now);
      const [days, sync] = await Promise.all([
        getDailyListening(getTable(), userId, activityStartDate(today), today),
        getSpotifySyncState(getTable(), userId),
      ]);
      return ok(summarizeActivity(days, today, sync?.latestFetchedDate ?? null));
    },
  }),
});
