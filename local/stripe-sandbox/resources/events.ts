// The events the sandbox raised: retrieve and list (by `type`, newest first), as Stripe keeps them.
import { filterBy, paginate } from '../lists';
import type { Router } from '../router';

export function register(router: Router): void {
  router
    .on('GET', '/v1/events', ({ core, params }) =>
      paginate(
        core,
        filterBy(core.all('event'), params, 'type', (e) => e.type),
        params,
        '/v1/events',
      ),
    )
    .on('GET', '/v1/events/{}', ({ core, args }) => core.get('event', args[0] ?? ''));
}
