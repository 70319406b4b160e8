// Routes of the 'fan-user' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { listConnections } from '../data/accounts';
import { toFanUser } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { requireAccount } from './lib/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from './lib/table';

export const handler = createResourceHandler('fan-user', {
  'GET /api/user': defineRoute({
    handle: async ({ principal }) => {
      const { userId } = requirePrincipal(principal);
      const [account, connections] = await Promise.all([
        requireAccount('fan', userId),
        listConnections(getTable(), 'fan', userId),
      ]);
      return ok(toFanUser(account, connections));
    },
  }),
});
