// The few AWS calls our functions make besides DynamoDB, signed with the SDK's own SigV4 signer
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
  return new SignatureV4({
    service,
    region,
    credentials: options.credentials ?? (defaultCredentials ??= defaultProvider()),
    sha256: Sha256,
    uriEscapePath: service !== 's3',
  });
}

/** RFC 3986 path segment escaping, as S3 expects object keys in the URL. */
const escapeKey = (key: string) =>
  key
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

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

/** Sends one signed request; the answer's status, headers and body (5 s timeout). */
function send(
  url: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  service: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const call = url.protocol === 'http:' ? plainRequest : request;
  return new Promise((resolve, reject) => {
    const req = call({ method, hostname: url.hostname, port: url.port || undefined, path, headers, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${service} did not answer within 5 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The first bytes of an S3 object and its ETag (a ranged GET), or null when there is no such object. */
export async function s3ObjectHead(
  input: { bucket: string; key: string; bytes: number },
  options: AwsCallOptions & { endpoint?: string } = {},
): Promise<{ etag: string; size: number; head: Buffer } | null> {
  const region = regionOf(options);
  const url = new URL(options.endpoint ?? `https://${input.bucket}.s3.${region}.amazonaws.com/`);
  const path = `${url.pathname.replace(/\/$/, '')}/${escapeKey(input.key)}`;
  const signed = await signer('s3', region, options).sign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path,
      headers: { host: url.host, range: `bytes=0-${input.bytes - 1}`, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    },
    { signingDate: options.signingDate },
  );
  const answer = await send(url, 'GET', path, signed.headers, undefined, 'S3');
  if (answer.status === 404 || answer.status === 403) return null;
  if (answer.status !== 200 && answer.status !== 206) throw new Error(`S3 GetObject answered ${answer.status}`);
  const range = String(answer.headers['content-range'] ?? '');
  const size = Number(/\/(\d+)$/.exec(range)?.[1] ?? answer.headers['content-length'] ?? answer.body.length);
  return { etag: String(answer.headers.etag ?? '').replace(/"/g, ''), size, head: answer.body.subarray(0, input.bytes) };
}

/**
 * One call of an AWS JSON 1.1 API (Secrets Manager, Cognito user pools, ...), signed with SigV4:
 * the parsed answer, or an error naming the service's error type. `endpoint` is for tests.
 */
export async function awsJsonCall(
  service: string,
  target: string,
  payload: Record<string, unknown>,
  /** `jsonVersion` '1.0' for the services on AWS JSON 1.0 (SQS). */
  options: AwsCallOptions & { endpoint?: string; jsonVersion?: '1.0' | '1.1' } = {},
): Promise<Record<string, unknown>> {
  const region = regionOf(options);
  const url = new URL(options.endpoint ?? `https://${service}.${region}.amazonaws.com/`);
  const body = JSON.stringify(payload);
  const signed = await signer(service, region, options).sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: '/',
      headers: {
        host: url.host,
        'content-type': `application/x-amz-json-${options.jsonVersion ?? '1.1'}`,
        'x-amz-target': target,
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    },
    { signingDate: options.signingDate },
  );
  const answer = await send(url, 'POST', '/', signed.headers, body, service);
  const status = answer.status;
  const text = answer.body.toString('utf8');
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // reported below with the status
  }
  if (status !== 200)
    throw new Error(
      `${target.split('.').pop()} answered ${status}: ${String(parsed.__type ?? '')} ${String(parsed.message ?? parsed.Message ?? text.slice(0, 200))}`.trim(),
    );
  return parsed;
}

/**
 * Secrets Manager GetSecretValue (AWS JSON 1.1): the secret's string. `endpoint` is for tests
 * (a local stand-in); in AWS it is the regional endpoint.
 */
export async function getSecretString(secretId: string, options: AwsCallOptions & { endpoint?: string } = {}): Promise<string> {
  const parsed = await awsJsonCall('secretsmanager', 'secretsmanager.GetSecretValue', { SecretId: secretId }, options);
  if (typeof parsed.SecretString !== 'string') throw new Error('the secret has no SecretString');
  return parsed.SecretString;
}

/** An AWS service's answer of an error status: what the SDK's exceptions carry (name, status). */
export class AwsServiceError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(name: string, status: number, message: string) {
    super(message);
    this.name = name;
    this.$metadata = { httpStatusCode: status };
  }
}

/**
 * One call of an AWS REST-JSON API (SES v2), signed with SigV4: the parsed answer, or an
 * AwsServiceError with the service's error type and status. `endpoint` may carry a base path (a
 * local stand-in mounted under /local-mail); without it, the service's regional endpoint.
 */
export async function awsRestJsonCall(
  service: string,
  host: string,
  method: 'POST' | 'PUT' | 'GET',
  resourcePath: string,
  payload: Record<string, unknown> | undefined,
  options: AwsCallOptions & { endpoint?: string } = {},
): Promise<Record<string, unknown>> {
  const region = regionOf(options);
  const url = new URL(options.endpoint ?? `https://${host}.${region}.amazonaws.com`);
  const fullPath = `${url.pathname.replace(/\/+$/, '')}${resourcePath}`;
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const signed = await signer(service, region, options).sign(
    {
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: fullPath,
      headers: { host: url.host, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }) },
      body,
    },
    { signingDate: options.signingDate },
  );
  const answer = await send(url, method, fullPath, signed.headers, body, service);
  const text = answer.body.toString('utf8');
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // reported below with the status
  }
  if (answer.status < 200 || answer.status > 299) {
    const type = String(answer.headers['x-amzn-errortype'] ?? parsed.__type ?? 'ServiceError').split(':')[0];
    throw new AwsServiceError(type, answer.status, String(parsed.message ?? parsed.Message ?? text.slice(0, 200)));
  }
  return parsed;
}
