// The two AWS calls our functions make besides DynamoDB, signed with the SDK's own SigV4 signer
// instead of going through @aws-sdk/client-s3 (+ s3-request-presigner) and
// @aws-sdk/client-secrets-manager: those clients cost the admin bundle ~250 KiB (S3's model is
// registered whole) and the webhook and reconcile bundles ~19 KiB, against a 250 KiB budget per
// function (issue #13). test/unit/aws-lite.test.ts checks the presigned URL against the official
// presigner and the Secrets Manager request against an independent SigV4 computation.
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';

type Credentials = ReturnType<typeof defaultProvider>;

export interface AwsCallOptions {
  region?: string;
  credentials?: Credentials;
  /** Tests only: sign for this instant. */
  signingDate?: Date;
}

let defaultCredentials: Credentials | undefined;

function regionOf(options: AwsCallOptions): string {
  const region = options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('AWS_REGION is not set');
  return region;
}

function signer(service: string, region: string, options: AwsCallOptions): SignatureV4 {
  // S3 signs the path as sent (no double escaping); every other service escapes it.
  return new SignatureV4({ service, region, credentials: options.credentials ?? (defaultCredentials ??= defaultProvider()), sha256: Sha256, uriEscapePath: service !== 's3' });
}

/** RFC 3986 path segment escaping, as S3 expects object keys in the URL. */
const escapeKey = (key: string) => key.split('/').map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');

/**
 * A presigned PUT URL for one object: the signature covers the content type and exact length, so
 * the browser must send those headers with exactly those values.
 */
export async function presignS3Put(
  input: { bucket: string; key: string; contentType: string; contentLength: number; expiresIn: number },
  options: AwsCallOptions = {},
): Promise<string> {
  const region = regionOf(options);
  const hostname = `${input.bucket}.s3.${region}.amazonaws.com`;
  const path = `/${escapeKey(input.key)}`;
  const presigned = await signer('s3', region, options).presign(
    {
      method: 'PUT',
      protocol: 'https:',
      hostname,
      path,
      query: { 'x-id': 'PutObject' },
      headers: { host: hostname, 'content-type': input.contentType, 'content-length': String(input.contentLength), 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    },
    { expiresIn: input.expiresIn, signableHeaders: new Set(['content-type', 'content-length']), signingDate: options.signingDate },
  );
  const query = Object.entries(presigned.query ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `https://${hostname}${path}?${query}`;
}

/**
 * Secrets Manager GetSecretValue (AWS JSON 1.1): the secret's string. `endpoint` is for tests
 * (a local stand-in); in AWS it is the regional endpoint.
 */
export async function getSecretString(secretId: string, options: AwsCallOptions & { endpoint?: string } = {}): Promise<string> {
  const region = regionOf(options);
  const url = new URL(options.endpoint ?? `https://secretsmanager.${region}.amazonaws.com/`);
  const body = JSON.stringify({ SecretId: secretId });
  const signed = await signer('secretsmanager', region, options).sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: '/',
      headers: { host: url.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue', 'content-length': String(Buffer.byteLength(body)) },
      body,
    },
    { signingDate: options.signingDate },
  );
  const send = url.protocol === 'http:' ? plainRequest : request;
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = send({ method: 'POST', hostname: url.hostname, port: url.port || undefined, path: '/', headers: signed.headers, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('Secrets Manager did not answer within 5 s')));
    req.on('error', reject);
    req.end(body);
  });
  let parsed: { SecretString?: string; __type?: string; message?: string; Message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // reported below with the status
  }
  if (status !== 200) throw new Error(`Secrets Manager GetSecretValue answered ${status}: ${parsed.__type ?? ''} ${parsed.message ?? parsed.Message ?? text.slice(0, 200)}`.trim());
  if (typeof parsed.SecretString !== 'string') throw new Error('the secret has no SecretString');
  return parsed.SecretString;
}
