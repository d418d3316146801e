// Unit layer: the SigV4 calls that replace the S3 and Secrets Manager clients in the bundles.
// The presigned URL must equal the official S3 presigner's (devDependency) for the same inputs;
// the Secrets Manager request is checked against a SigV4 signature computed here by hand.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { getSecretString, presignS3Put } from '#lambdas/platform/aws-lite';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session/token+with=chars' };
const signingDate = new Date('2026-11-22T10:00:00Z');

describe('presignS3Put', () => {
  it.each([
    ['uploads/0b7e2f8a-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png', 'image/png', 1234],
    ['uploads/ffffffff-0000-4000-8000-000000000000.jpg', 'image/jpeg', 5 * 1024 * 1024],
  ])('signs %s exactly as the official presigner does', async (key, contentType, size) => {
    // requestChecksumCalculation WHEN_REQUIRED: by default the SDK adds the CRC32 of an empty body
    // to a presigned PutObject URL, and S3 then refuses every real upload through it.
    const s3 = new S3Client({ region: 'us-east-2', credentials, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const official = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'nil-uploads', Key: key, ContentType: contentType, ContentLength: size }), {
      expiresIn: 300,
      signableHeaders: new Set(['content-type', 'content-length']),
      signingDate,
    });
    const ours = await presignS3Put(
      { bucket: 'nil-uploads', key, contentType, contentLength: size, expiresIn: 300 },
      { region: 'us-east-2', credentials: async () => credentials, signingDate },
    );
    expect(ours).toBe(official);
    expect(new URL(ours).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
  });
});

/** SigV4 of a request, written out from the specification (independent of the SDK's signer). */
function sigv4(
  req: { method: string; path: string; headers: Record<string, string>; body: string },
  signed: string[],
  region: string,
  service: string,
  amzDate: string,
): string {
  const canonicalHeaders = signed.map((h) => `${h}:${req.headers[h].trim()}\n`).join('');
  const canonical = [req.method, req.path, '', canonicalHeaders, signed.join(';'), createHash('sha256').update(req.body).digest('hex')].join('\n');
  const scope = `${amzDate.slice(0, 8)}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${credentials.secretAccessKey}`).update(amzDate.slice(0, 8)).digest();
  for (const part of [region, service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('getSecretString', () => {
  async function withServer(
    answer: (req: IncomingMessage, body: string) => { status: number; body: string },
    run: (endpoint: string, seen: Array<{ req: IncomingMessage; body: string }>) => Promise<void>,
  ) {
    const seen: Array<{ req: IncomingMessage; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ req, body });
        const a = answer(req, body);
        res.writeHead(a.status, { 'content-type': 'application/x-amz-json-1.1' }).end(a.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('sends a signed GetSecretValue and returns the SecretString', async () => {
    await withServer(
      () => ({ status: 200, body: JSON.stringify({ ARN: 'arn', Name: 'n', SecretString: 's3cr3t value' }) }),
      async (endpoint, seen) => {
        const secret = await getSecretString('arn:aws:secretsmanager:us-east-2:123456789012:secret:nil-cards/shopify-AbCdEf', {
          endpoint,
          region: 'us-east-2',
          credentials: async () => credentials,
        });
        expect(secret).toBe('s3cr3t value');
        const [{ req, body }] = seen;
        expect(req.method).toBe('POST');
        expect(req.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
        expect(req.headers['content-type']).toBe('application/x-amz-json-1.1');
        expect(req.headers['x-amz-security-token']).toBe(credentials.sessionToken);
        expect(JSON.parse(body)).toEqual({ SecretId: 'arn:aws:secretsmanager:us-east-2:123456789012:secret:nil-cards/shopify-AbCdEf' });
        const auth =
          /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/(\d{8})\/us-east-2\/secretsmanager\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
            String(req.headers.authorization),
          );
        expect(auth).not.toBeNull();
        const signed = auth![2].split(';');
        expect(signed).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-target', 'content-type', 'x-amz-security-token']));
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        expect(auth![3]).toBe(sigv4({ method: 'POST', path: '/', headers, body }, signed, 'us-east-2', 'secretsmanager', headers['x-amz-date']));
      },
    );
  });

  it("reports AWS's error type and message", async () => {
    await withServer(
      () => ({ status: 400, body: JSON.stringify({ __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret." }) }),
      async (endpoint) => {
        await expect(getSecretString('missing', { endpoint, region: 'us-east-2', credentials: async () => credentials })).rejects.toThrow(
          /400: ResourceNotFoundException Secrets Manager can't find/,
        );
      },
    );
  });
});
