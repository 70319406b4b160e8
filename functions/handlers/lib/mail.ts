// Where mail goes: SES in AWS, the outbox in the table locally (DESIGN §3). Chosen by STAGE.
import { randomUUID } from 'node:crypto';
import { createOutboxEmailSender } from '../../data/outbox';
import type { EmailSender } from '../../domain/email';
import { createSesEmailSender } from '../../integrations/email/ses';
import { getEnv } from './env';
import { getTable } from './table';

let sender: EmailSender | undefined;

export function getEmailSender(): EmailSender {
  if (!sender) {
    const env = getEnv();
    if (env.STAGE === 'local') {
      sender = createOutboxEmailSender(getTable(), { createId: () => randomUUID() });
    } else {
      if (!env.EMAIL_FROM) throw new Error('EMAIL_FROM is not configured: this function cannot send mail.');
      sender = createSesEmailSender({ region: env.AWS_REGION, from: env.EMAIL_FROM });
    }
  }
  return sender;
}

/** The site's own origin, for links in mail. */
export function getSiteOrigin(): string {
  const origin = getEnv().SITE_ORIGIN;
  if (!origin) throw new Error('SITE_ORIGIN is not configured: mail links cannot be built.');
  return origin;
}
