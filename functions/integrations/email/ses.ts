// The e-mail port's AWS adapter: SES v2 SendEmail with a text and an HTML part, from EMAIL_FROM. Only the mail-sender
// worker uses it (events/workers/mail-sender.ts); request handlers queue mail in the outbox instead.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { EmailSender } from '../../domain/email';

export interface SesEmailConfig {
  region: string;
  /** A verified SES identity, e.g. `OpenPie <no-reply@openpie.example>`. */
  from: string;
  client?: SESv2Client;
}

export function createSesEmailSender(config: SesEmailConfig): EmailSender {
  const client = config.client ?? new SESv2Client({ region: config.region });
  return {
    async send(message) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: config.from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: message.text, Charset: 'UTF-8' },
                Html: { Data: message.html, Charset: 'UTF-8' },
              },
            },
          },
          EmailTags: [{ Name: 'kind', Value: message.kind }],
        }),
      );
    },
  };
}
