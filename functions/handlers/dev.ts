// Routes of the 'dev' resource (see functions/contracts/routes.ts): local-mode helpers, never deployed. Even if
// this handler ran elsewhere, it answers 404 outside local mode.
import { listOutboxMail } from '../data/outbox';
import { getEnv, isLocalStage } from '../runtime/env';
import { HttpError, ok } from './lib/http';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';

export const handler = createResourceHandler('dev', {
  'GET /api/dev/outbox': defineRoute({
    handle: async () => {
      if (!isLocalStage(getEnv())) {
        throw new HttpError(404, 'not_found', 'There is no API call at GET /api/dev/outbox.');
      }
      const mails = await listOutboxMail(getTable());
      return ok(
        // Locally nothing leaves the outbox, so a mail counts as sent when the product queued it.
        mails.map(({ to, subject, text, html, links, createdAt }) => ({
          to,
          subject,
          text,
          html,
          links,
          sentAt: createdAt,
        })),
      );
    },
  }),
});
