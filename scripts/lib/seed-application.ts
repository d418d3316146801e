// Local mode's pending collective application (issue 22, docs/LOCAL-MODE.md): the demo applicant
// (`applicant` / `applicant-demo`) applies for a new school through the handlers and routes the
// local server runs for the sign-up page (POST /api/uploads and the logo's PUT, then POST
// /api/collective-applications with an idempotency key), with the claims its ID token carries, so
// the operator console (/operator) has one application to review. Nothing is written around the API.
import { deflateSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { handler as admin } from '#lambdas/catalog/admin.handler';
import { handler as onboarding } from '#lambdas/onboarding/onboarding.handler';
import type { Event, Result } from '#lambdas/platform/http';
import { COLLECTIVE_TERMS_VERSION } from '#shared/onboarding/collective-terms';

export const DEMO_APPLICANT = { username: 'applicant', email: 'applicant@demo.drift.local', password: 'applicant-demo', groups: ['buyer'] };

type Handler = (event: Event, context: Context) => Promise<Result>;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/** A square PNG: `size` pixels of the school's primary colour with a ring of its accent. */
export function logoPng(size: number, fill: [number, number, number], ring: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  const mid = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - mid, y - mid) / mid;
      rows.push(...(r > 0.7 && r < 0.85 ? ring : fill));
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

function event(
  routeKey: string,
  claims: Record<string, string>,
  options: { body?: Buffer; headers?: Record<string, string>; pathParameters?: Record<string, string> } = {},
) {
  const [method, rawPath] = routeKey.split(' ');
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...options.headers },
    pathParameters: options.pathParameters,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: '127.0.0.1',
      domainPrefix: '127',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'seed' },
      requestId: `seed-${now.getTime()}`,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { jwt: { claims, scopes: [] } },
    },
    body: options.body?.toString('base64'),
    isBase64Encoded: options.body !== undefined,
  } as unknown as Event;
}

async function call(handler: unknown, routeKey: string, claims: Record<string, string>, options: Parameters<typeof event>[2] = {}) {
  const result = await (handler as Handler)(event(routeKey, claims, options), {} as Context);
  const status = result.statusCode ?? 200;
  if (status >= 300) throw new Error(`seeding the collective application: ${routeKey} answered ${status} ${result.body ?? ''}`);
  return result.body ? (JSON.parse(result.body) as Record<string, unknown>) : {};
}

/** The demo applicant's application for a new school (its account as local Cognito holds it). */
export async function seedApplication(account: { sub: string; username: string; email: string }): Promise<string> {
  const claims = { sub: account.sub, 'cognito:username': account.username, email: account.email, email_verified: 'true', 'cognito:groups': '[buyer]' };
  const png = logoPng(96, [0x0b, 0x5e, 0x55], [0xf2, 0xa9, 0x00]);
  const ticket = await call(admin, 'POST /api/uploads', claims, { body: Buffer.from(JSON.stringify({ contentType: 'image/png', size: png.length })) });
  const upload = new URL(String(ticket.uploadUrl), 'http://local');
  const key = upload.pathname.split('/').pop() ?? '';
  await admin(
    {
      ...event('PUT /api/uploads/local/{key}', {}, { body: png, headers: { 'content-type': 'image/png' }, pathParameters: { key } }),
      queryStringParameters: Object.fromEntries(upload.searchParams),
    } as Event,
    {} as Context,
  ).then((r) => {
    if ((r.statusCode ?? 200) >= 300) throw new Error(`seeding the collective application: the logo upload answered ${r.statusCode} ${r.body ?? ''}`);
  });
  const application = await call(onboarding, 'POST /api/collective-applications', claims, {
    headers: { 'idempotency-key': 'seed-collective-application-1' },
    body: Buffer.from(
      JSON.stringify({
        name: 'Lakeside Boosters',
        legalName: 'Lakeside Boosters NIL Collective, Inc.',
        website: 'https://lakeside-boosters.example.org',
        contactEmail: 'board@lakeside-boosters.example.org',
        phone: '+1 555 010 0142',
        schoolKind: 'new',
        schoolId: null,
        schoolName: 'Lakeside State',
        schoolState: 'MI',
        schoolLogo: ticket.imageUrl,
        primary: '#0B5E55',
        secondary: '#FFFFFF',
        accent: '#F2A900',
        acceptTerms: true,
        termsVersion: COLLECTIVE_TERMS_VERSION,
      }),
    ),
  });
  return String(application.id);
}
