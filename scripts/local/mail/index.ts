// A local stand-in for Amazon SES (API v2), as scripts/local/cognito.ts stands in for Cognito and
// scripts/local/stripe/ for Stripe: the product sends email with the official SES v2 client
// (lambdas/platform/mailer.ts) pointed at it, and a mailbox page shows what was sent. It imitates
// SES (SendEmail's request and answer, its error shape and a few of its checks), never the product's
// logic. Docs: docs/LOCAL-MODE.md ("Email").
//
// Mount: `handle(req, res)` answers what is its own (true) and leaves the rest (false):
// - POST {basePath}/v2/email/outbound-emails   SES v2 SendEmail (JSON, any SigV4-signed request)
// - GET  {basePath}/                            the mailbox (newest first; ?to= filters by recipient)
// - GET  {basePath}/messages/{id}               one message: its headers and text part
// - GET  {basePath}/messages/{id}.html          its HTML part, as its own document (no scripts run)
// - GET  {basePath}/api/messages[?to=&limit=]   the mailbox as JSON (tests and scripts)
// - DELETE {basePath}/api/messages              empties the mailbox
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { MailMessage } from './message';
import { mailboxPage, messagePage, STYLESHEET_PATH, STYLESHEET } from './pages';

export type { MailMessage } from './message';

export interface LocalMailOptions {
  /** Where it is mounted, e.g. '/local-mail' ('' at the root, as the SES client's endpoint in tests). */
  basePath?: string;
  /** JSON file the mailbox is kept in across restarts; memory only when undefined. */
  dataFile?: string;
  /** Messages kept (oldest dropped first). */
  capacity?: number;
  now?: () => Date;
  /** Told of each message received (local mode prints a line). */
  onMessage?: (message: MailMessage) => void;
}

export interface LocalMail {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Puts a message in the mailbox directly: mail another stand-in sends itself (Cognito's codes). */
  deliver(message: { from: string; to: string; subject: string; text: string }): MailMessage;
  /** The mailbox, newest first (optionally only messages to one address). */
  messages(to?: string): MailMessage[];
  close(): void;
}

/** SES's limit: 50 recipients per message (To, Cc and Bcc together). */
const MAX_RECIPIENTS = 50;
/** SES's limit on a message's size (40 MB with SES v2; the stand-in refuses bodies over 10 MB). */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
// An address SES accepts: local@domain, optionally as `Display Name <local@domain>`.
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** An SES error: the status, the type SES names in x-amzn-ErrorType, and its message. */
class SesError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}
const badRequest = (message: string) => new SesError(400, 'BadRequestException', message);

function addressOf(value: string): string {
  const match = /<([^<>]+)>\s*$/.exec(value);
  return (match ? match[1] : value).trim();
}

function addresses(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw badRequest(`${field} must be a list of email addresses`);
  for (const v of value as string[]) if (!ADDRESS.test(addressOf(v))) throw badRequest(`Illegal address in ${field}: ${v}`);
  return value as string[];
}

const dataOf = (content: unknown): string | null => {
  const data = (content as { Data?: unknown } | undefined)?.Data;
  return typeof data === 'string' ? data : null;
};

/** The fields of a MIME message's header section (unfolded), for a raw message's subject and addresses. */
function mimeHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const map = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) map.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return map;
}

/** SendEmail: validates as SES does and returns the message as the mailbox keeps it. */
function messageOf(body: Record<string, unknown>, id: string, receivedAt: string): MailMessage {
  const destination = (body.Destination ?? {}) as Record<string, unknown>;
  const to = addresses(destination.ToAddresses, 'Destination.ToAddresses');
  const cc = addresses(destination.CcAddresses, 'Destination.CcAddresses');
  const bcc = addresses(destination.BccAddresses, 'Destination.BccAddresses');
  const replyTo = addresses(body.ReplyToAddresses, 'ReplyToAddresses');
  const content = body.Content as Record<string, unknown> | undefined;
  if (!content || typeof content !== 'object') throw badRequest('Missing required key Content in params');
  const tags = Array.isArray(body.EmailTags)
    ? (body.EmailTags as { Name?: unknown; Value?: unknown }[]).map((t) => ({ name: String(t.Name ?? ''), value: String(t.Value ?? '') }))
    : [];
  const configurationSet = typeof body.ConfigurationSetName === 'string' ? body.ConfigurationSetName : null;
  if (content.Raw) {
    const data = dataOf(content.Raw);
    if (!data) throw badRequest('Content.Raw.Data must be the base64-encoded message');
    const raw = Buffer.from(data, 'base64').toString('utf8');
    const fields = mimeHeaders(raw);
    const from = typeof body.FromEmailAddress === 'string' ? body.FromEmailAddress : (fields.get('from') ?? '');
    if (!from) throw badRequest('Missing From address: set FromEmailAddress or a From header');
    const split = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()) : []);
    const rawTo = to.length || cc.length || bcc.length ? to : split(fields.get('to'));
    if (!rawTo.length && !cc.length && !bcc.length) throw badRequest('Missing final destination');
    return {
      id,
      receivedAt,
      from,
      to: rawTo,
      cc,
      bcc,
      replyTo,
      subject: fields.get('subject') ?? '',
      text: null,
      html: null,
      raw,
      headers: [],
      tags,
      configurationSet,
    };
  }
  const simple = content.Simple as Record<string, unknown> | undefined;
  if (!simple)
    throw badRequest(
      content.Template ? 'Templates are not supported by the local stand-in: send Content.Simple or Content.Raw' : 'Content must have Simple or Raw',
    );
  const from = typeof body.FromEmailAddress === 'string' ? body.FromEmailAddress : '';
  if (!from) throw badRequest('Missing required key FromEmailAddress: a Simple message names its sender');
  if (!ADDRESS.test(addressOf(from))) throw badRequest(`Illegal address: ${from}`);
  if (!to.length && !cc.length && !bcc.length) throw badRequest('Missing final destination');
  if (to.length + cc.length + bcc.length > MAX_RECIPIENTS) throw badRequest(`Recipient count exceeds ${MAX_RECIPIENTS}.`);
  const subject = dataOf(simple.Subject);
  if (subject === null) throw badRequest('Missing required key Subject in Content.Simple');
  const bodyPart = (simple.Body ?? {}) as Record<string, unknown>;
  const text = dataOf(bodyPart.Text);
  const html = dataOf(bodyPart.Html);
  if (text === null && html === null) throw badRequest('Missing required key Body: a message has a Text or an Html part');
  const headers = Array.isArray(simple.Headers)
    ? (simple.Headers as { Name?: unknown; Value?: unknown }[]).map((h) => ({ name: String(h.Name ?? ''), value: String(h.Value ?? '') }))
    : [];
  return { id, receivedAt, from, to, cc, bcc, replyTo, subject, text, html, raw: null, headers, tags, configurationSet };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new SesError(400, 'MessageRejected', 'Message length is more than 10 megabytes');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendSes(res: ServerResponse, status: number, body: unknown, type?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() };
  if (type) headers['x-amzn-errortype'] = type;
  res.writeHead(status, headers).end(JSON.stringify(body));
}

/** SES's message ids: 0100 + hex timestamp, a UUID and the -000000 suffix. */
const messageId = (at: Date) => `0100${at.getTime().toString(16).padStart(12, '0')}-${randomUUID()}-000000`;

export function createLocalMail(options: LocalMailOptions = {}): LocalMail {
  const base = options.basePath ?? '';
  const capacity = options.capacity ?? 500;
  const now = options.now ?? (() => new Date());
  let box: MailMessage[] = options.dataFile && existsSync(options.dataFile) ? (JSON.parse(readFileSync(options.dataFile, 'utf8')) as MailMessage[]) : [];

  const save = () => {
    if (!options.dataFile) return;
    mkdirSync(path.dirname(options.dataFile), { recursive: true });
    const temporary = `${options.dataFile}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(box), { mode: 0o600 });
    renameSync(temporary, options.dataFile);
  };

  const messages = (to?: string) => {
    const wanted = to?.trim().toLowerCase();
    const all = [...box].reverse();
    return wanted ? all.filter((m) => [...m.to, ...m.cc, ...m.bcc].some((a) => addressOf(a).toLowerCase() === wanted)) : all;
  };

  function keep(message: MailMessage): MailMessage {
    box.push(message);
    if (box.length > capacity) box = box.slice(box.length - capacity);
    save();
    options.onMessage?.(message);
    return message;
  }

  function deliver(m: { from: string; to: string; subject: string; text: string }): MailMessage {
    const at = now();
    const empty = { cc: [], bcc: [], replyTo: [], html: null, raw: null, headers: [], tags: [], configurationSet: null };
    return keep({ ...empty, id: messageId(at), receivedAt: at.toISOString(), from: m.from, to: [m.to], subject: m.subject, text: m.text });
  }

  async function sendEmail(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      // SES refuses unsigned requests; the stand-in checks that there is a signature, not its value.
      if (!/^AWS4-HMAC-SHA256 /.test(String(req.headers.authorization ?? '')))
        throw new SesError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse((await readBody(req)).toString('utf8') || '{}');
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Record<string, unknown>;
      } catch (error) {
        if (error instanceof SesError) throw error;
        throw badRequest('The request body is not valid JSON');
      }
      const at = now();
      const message = keep(messageOf(body, messageId(at), at.toISOString()));
      sendSes(res, 200, { MessageId: message.id });
    } catch (error) {
      if (!(error instanceof SesError)) throw error;
      sendSes(res, error.status, { message: error.message }, error.type);
    }
  }

  function sendHtml(res: ServerResponse, status: number, html: string, csp?: string): void {
    if (csp) res.setHeader('content-security-policy', csp);
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith(`${base}/`)) return false;
    const route = url.pathname.slice(base.length);
    const method = req.method ?? 'GET';
    if (method === 'POST' && route === '/v2/email/outbound-emails') {
      await sendEmail(req, res);
      return true;
    }
    if (method === 'GET' && route === STYLESHEET_PATH) {
      res.writeHead(200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }).end(STYLESHEET);
      return true;
    }
    if (route === '/api/messages') {
      if (method === 'DELETE') {
        box = [];
        save();
        res.writeHead(204).end();
      } else if (method === 'GET') {
        const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 50) || 50, 1), 500);
        const list = messages(url.searchParams.get('to') ?? undefined);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: list.slice(0, limit), total: list.length }));
      } else res.writeHead(405, { allow: 'GET, DELETE' }).end();
      return true;
    }
    if (method !== 'GET') return false;
    if (route === '/') {
      sendHtml(res, 200, mailboxPage(base, messages(url.searchParams.get('to') ?? undefined), url.searchParams.get('to') ?? ''));
      return true;
    }
    const one = /^\/messages\/([A-Za-z0-9-]{1,100})(\.html)?$/.exec(route);
    if (one) {
      const message = box.find((m) => m.id === one[1]);
      if (!message) sendHtml(res, 404, mailboxPage(base, [], '', 'That message is not in the mailbox (it may have been cleared).'));
      else if (one[2])
        // The message's own HTML, as a mail client shows it: its styles and images, never a script.
        sendHtml(
          res,
          200,
          message.html ?? '',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; base-uri 'none'; form-action 'none'",
        );
      else sendHtml(res, 200, messagePage(base, message));
      return true;
    }
    return false;
  }

  return { handle, deliver, messages, close: save };
}
