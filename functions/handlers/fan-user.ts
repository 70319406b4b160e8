// Routes of the 'fan-user' resource (see functions/contracts/routes.ts).
// The contract's visibilities and the domain's must match: replies take the domain's value and writes the contract's,
// so the compiler checks both directions.
import { fanUserContracts } from '../contracts/api/fan-user';
import { fanProfileMessages, profileIdParamsSchema } from '../contracts/fan-profile';
import { HttpError, ok } from './lib/http';
import {
  changeFanVisibility,
  fanProfileDependencies,
  joinBeta,
  readFanActivity,
  readFanUser,
  readPublicFanProfile,
  renameFan,
} from '../services/listening/fan-profile';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-user', fanUserContracts, {
  'GET /api/user': async ({ principal }) => {
    const { userId } = principal;
    return ok(await readFanUser(fanProfileDependencies(), userId));
  },
  'PUT /api/user/username': async ({ body, principal }) => {
    const { userId } = principal;
    return ok(await renameFan(fanProfileDependencies(), userId, body.username));
  },
  'PUT /api/user/visibility': async ({ body, principal }) => {
    const { userId } = principal;
    return ok(await changeFanVisibility(fanProfileDependencies(), userId, body.visibility));
  },
  'POST /api/user/joinBeta': async ({ principal }) => {
    const { userId } = principal;
    return ok(await joinBeta(fanProfileDependencies(), userId));
  },
  'GET /api/user/details/{id}': async ({ event, principal }) => {
    const { userId } = principal;
    // Any id that names no fan is simply not found, whatever its shape.
    const params = profileIdParamsSchema.safeParse(event.pathParameters ?? {}).data;
    if (!params) throw new HttpError('not_found', fanProfileMessages.profileNotFound);
    return ok(await readPublicFanProfile(fanProfileDependencies(), userId, params.id));
  },
  'GET /api/user/activity': async ({ principal }) => {
    const { userId } = principal;
    return ok(await readFanActivity(fanProfileDependencies(), userId));
  },
});
