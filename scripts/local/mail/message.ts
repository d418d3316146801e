// A message as the local SES stand-in's mailbox keeps it: what index.ts stores and pages.ts shows.
/** One message as the mailbox keeps it. */
export interface MailMessage {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  text: string | null;
  html: string | null;
  /** Raw MIME, when the message was sent as Content.Raw. */
  raw: string | null;
  headers: { name: string; value: string }[];
  tags: { name: string; value: string }[];
  configurationSet: string | null;
}
