import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { traced } from '../observability.ts';
import { settings } from '../settings.ts';

let client: SESv2Client | undefined;

/** SES (API v2), or on one machine the outbox stand-in that speaks its protocol (the SDK's AWS_ENDPOINT_URL_SESV2). */
function ses(): SESv2Client {
  client ??= traced(
    new SESv2Client({
      region: settings.region,
    }),
  );
  return client;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one mail from the product's address; throws when SES refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: settings.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
