// The local SES stand-in (scripts/local/mail/) driven by the product's mailer (SES v2 SendEmail,
// signed, as the functions send it) and by the official SES v2 client (@aws-sdk/client-sesv2), which
// the stand-in must satisfy as SES does: mounted under a base path as local mode mounts it, the
// mailer sends, the mailbox lists and shows, and SES's errors come back as the client's exceptions
// and as the mailer's errors with SES's status (what the sender tells apart from a lost answer).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BadRequestException, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { createMailer, mailerConfigFromEnv, MailerNotConfigured } from '../../lambdas/platform/mailer';
import { LOCAL_CLIENT_ID, LocalCognito } from '../../scripts/local/cognito';
import { createLocalMail, type LocalMail } from '../../scripts/local/mail';

let server: Server;
let mail: LocalMail;
let origin: string;
let dir: string;
const credentials = { accessKeyId: 'AKIDLOCAL', secretAccessKey: 'local-secret' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'local-mail-'));
  mail = createLocalMail({ basePath: '/local-mail', dataFile: path.join(dir, 'mail.json') });
  server = createServer((req, res) => {
    void mail.handle(req, res).then((answered) => answered || res.writeHead(404).end('not mine'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const client = () => new SESv2Client({ region: 'us-east-2', endpoint: `${origin}/local-mail`, credentials, maxAttempts: 1 });

describe('the SES stand-in, through the product mailer', () => {
  it('delivers a message with its text, HTML and one-click unsubscribe headers', async () => {
    const mailer = createMailer({ from: 'Drift <no-reply@drift.example>', endpoint: `${origin}/local-mail`, region: 'us-east-2' });
    const id = await mailer.send({
      to: ['fan@example.com'],
      subject: 'Your Kendall Ross card',
      text: 'Thanks! See it at http://127.0.0.1/mycards',
      html: '<p>Thanks!</p><script>alert(1)</script>',
      unsubscribeUrl: 'https://drift.example/unsubscribe/abc',
      tags: { category: 'receipt' },
    });
    expect(id).toMatch(/^0100[0-9a-f]{12}-[0-9a-f-]{36}-000000$/);
    const [message] = mail.messages('FAN@example.com');
    expect(message).toMatchObject({
      id,
      from: 'Drift <no-reply@drift.example>',
      to: ['fan@example.com'],
      subject: 'Your Kendall Ross card',
      text: 'Thanks! See it at http://127.0.0.1/mycards',
      tags: [{ name: 'category', value: 'receipt' }],
    });
    expect(message.headers).toEqual([
      { name: 'List-Unsubscribe', value: '<https://drift.example/unsubscribe/abc>' },
      { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    ]);

    const list = (await (await fetch(`${origin}/local-mail/api/messages?to=fan@example.com`)).json()) as { total: number };
    expect(list.total).toBe(1);
    const page = await (await fetch(`${origin}/local-mail/messages/${id}`)).text();
    expect(page).toContain('Your Kendall Ross card');
    expect(page).toContain('<a href="http://127.0.0.1/mycards">');
    // The HTML part is its own document, under a policy that runs no script.
    const html = await fetch(`${origin}/local-mail/messages/${id}.html`);
    expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await html.text()).toContain('<p>Thanks!</p>');
    const box = await (await fetch(`${origin}/local-mail/?to=fan@example.com`)).text();
    expect(box).toContain('1 message to fan@example.com');
  });

  it("answers SES's errors as the client's exceptions, and keeps nothing", async () => {
    const before = mail.messages().length;
    const send = (input: object) => client().send(new SendEmailCommand(input as never));
    await expect(
      send({
        FromEmailAddress: 'no-reply@drift.example',
        Destination: { ToAddresses: [] },
        Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'y' } } } },
      }),
    ).rejects.toThrow(BadRequestException);
    await expect(
      send({
        FromEmailAddress: 'no-reply@drift.example',
        Destination: { ToAddresses: ['not an address'] },
        Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'y' } } } },
      }),
    ).rejects.toThrow(/Illegal address/);
    const many = Array.from({ length: 51 }, (_, i) => `f${i}@example.com`);
    await expect(
      send({
        FromEmailAddress: 'no-reply@drift.example',
        Destination: { ToAddresses: many },
        Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'y' } } } },
      }),
    ).rejects.toThrow(/Recipient count exceeds 50/);
    const unsigned = await fetch(`${origin}/local-mail/v2/email/outbound-emails`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(mail.messages()).toHaveLength(before);
  });

  it('keeps the mailbox across restarts and empties it on request', async () => {
    const again = createLocalMail({ basePath: '/local-mail', dataFile: path.join(dir, 'mail.json') });
    expect(again.messages().map((m) => m.subject)).toEqual(['Your Kendall Ross card']);
    expect((await fetch(`${origin}/local-mail/api/messages`, { method: 'DELETE' })).status).toBe(204);
    expect(mail.messages()).toEqual([]);
    expect(await (await fetch(`${origin}/local-mail/`)).text()).toContain('No messages yet.');
  });

  it('takes the official client through the mailer too, and answers the mailer with SES’s status', async () => {
    const official = createMailer({ from: 'Drift <no-reply@drift.example>' }, (input) => client().send(new SendEmailCommand(input)));
    const id = await official.send({ to: ['second@example.com'], subject: 'Through the client', text: 'Hello' });
    expect(mail.messages('second@example.com')[0]).toMatchObject({ id, subject: 'Through the client' });
    const product = createMailer({ from: 'not an address', endpoint: `${origin}/local-mail`, region: 'us-east-2' });
    const refused = await product.send({ to: ['fan@example.com'], subject: 'x', text: 'y' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'BadRequestException', $metadata: { httpStatusCode: 400 } });
  });

  it('is not configured without a sender', () => {
    expect(() => mailerConfigFromEnv({})).toThrow(MailerNotConfigured);
    expect(mailerConfigFromEnv({ MAIL_FROM: 'a@b.example', SES_ENDPOINT: 'http://x/local-mail' })).toMatchObject({
      from: 'a@b.example',
      endpoint: 'http://x/local-mail',
    });
  });
});

describe("Cognito's codes in the local mailbox", () => {
  it('emails the sign-up code as Cognito would', async () => {
    const cognito = new LocalCognito({
      issuerBase: 'http://127.0.0.1/local-cognito',
      log: () => undefined,
      email: (m) => mail.deliver({ from: 'no-reply@verificationemail.com', ...m }),
    });
    await cognito.call('SignUp', {
      ClientId: LOCAL_CLIENT_ID,
      Username: 'newfan',
      Password: 'Passw0rd!x',
      UserAttributes: [{ Name: 'email', Value: 'newfan@example.com' }],
    });
    const [message] = mail.messages('newfan@example.com');
    expect(message.subject).toBe('Your verification code');
    expect(message.text).toMatch(/^Your verification code is \d{6}$/);
  });
});
