// Sending email: Amazon SES (API v2, SendEmail). In AWS it talks to SES in the function's region;
// in local mode SES_ENDPOINT points it at the SES stand-in (scripts/local/mail/, a mailbox page at
// /local-mail/). The same code runs in both. The request is the official client's SendEmail input
// (its JSON is SES v2's wire format), sent by our small signed REST call (aws-lite.ts) rather than
// @aws-sdk/client-sesv2, whose 60 KiB and REST protocol (15 KiB more of @smithy/core) took the
// sender function past the 250 KiB bundle budget; a caller may pass another transport (the tests
// pass the official client, to hold the stand-in to it).
//
// Settings (the function's environment):
// - MAIL_FROM: the sender, an identity verified in SES (e.g. `Drift <no-reply@drift.example>`).
// - SES_CONFIGURATION_SET: optional; the configuration set whose event destination reports bounces
//   and complaints.
// - SES_ENDPOINT: local mode only (the stand-in's URL).
//
// Sending is not idempotent at SES: exactly once is the caller's (a notification is sent from an
// outbox item claimed under a condition, and its message id recorded).
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { awsRestJsonCall } from './aws-lite';

export interface Email {
  to: string[];
  subject: string;
  /** The text part (every message has one: it is what accessible and plain clients read). */
  text: string;
  html?: string;
  replyTo?: string[];
  /** An https URL that unsubscribes the recipient with one POST (RFC 8058 one-click). */
  unsubscribeUrl?: string;
  /** Tags SES reports with the message's events (letters, digits, _ and - only). */
  tags?: Record<string, string>;
}

export interface MailerConfig {
  from: string;
  configurationSet?: string;
  endpoint?: string;
  region?: string;
}

export class MailerNotConfigured extends Error {
  constructor() {
    super('Email is not configured: set MAIL_FROM to an identity verified in SES');
  }
}

export function mailerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailerConfig {
  const from = env.MAIL_FROM?.trim();
  if (!from) throw new MailerNotConfigured();
  return {
    from,
    configurationSet: env.SES_CONFIGURATION_SET?.trim() || undefined,
    endpoint: env.SES_ENDPOINT?.trim() || undefined,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION,
  };
}

const TAG = /^[A-Za-z0-9_-]{1,256}$/;

/** The SendEmail request for a message (exported for tests). */
export function sendEmailInput(email: Email, config: MailerConfig): SendEmailCommandInput {
  if (!email.to.length) throw new RangeError('An email needs at least one recipient');
  const headers = email.unsubscribeUrl
    ? [
        { Name: 'List-Unsubscribe', Value: `<${email.unsubscribeUrl}>` },
        { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
      ]
    : undefined;
  const tags = Object.entries(email.tags ?? {}).map(([Name, Value]) => {
    if (!TAG.test(Name) || !TAG.test(Value)) throw new RangeError(`An SES tag is letters, digits, _ and - only: ${Name}=${Value}`);
    return { Name, Value };
  });
  return {
    FromEmailAddress: config.from,
    Destination: { ToAddresses: email.to },
    ...(email.replyTo?.length ? { ReplyToAddresses: email.replyTo } : {}),
    Content: {
      Simple: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: email.text, Charset: 'UTF-8' }, ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}) },
        ...(headers ? { Headers: headers } : {}),
      },
    },
    ...(tags.length ? { EmailTags: tags } : {}),
    ...(config.configurationSet ? { ConfigurationSetName: config.configurationSet } : {}),
  };
}

export interface Mailer {
  /** Sends one message; resolves to SES's message id. */
  send(email: Email): Promise<string>;
}

/** Sends one SendEmail request; SES's answer ({ MessageId }), or the service's error (with its HTTP status). */
export type SesTransport = (input: SendEmailCommandInput) => Promise<{ MessageId?: string }>;

/** SES v2 SendEmail (POST /v2/email/outbound-emails) signed with SigV4. */
export function sesTransport(config: MailerConfig): SesTransport {
  // The stand-in checks that a request is signed, not by whom: local mode signs with a fixed key.
  const local = config.endpoint ? { endpoint: config.endpoint, credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }) } : {};
  return async (input) =>
    (await awsRestJsonCall('ses', 'email', 'POST', '/v2/email/outbound-emails', input as unknown as Record<string, unknown>, {
      ...(config.region ? { region: config.region } : {}),
      ...local,
    })) as { MessageId?: string };
}

export function createMailer(config: MailerConfig, transport: SesTransport = sesTransport(config)): Mailer {
  return {
    async send(email) {
      const answer = await transport(sendEmailInput(email, config));
      if (!answer.MessageId) throw new Error('SES answered without a message id');
      return answer.MessageId;
    },
  };
}

let cached: Mailer | undefined;
/** The function's mailer, configured from its environment once per cold start. */
export function mailer(): Mailer {
  return (cached ??= createMailer(mailerConfigFromEnv()));
}
