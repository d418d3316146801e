// Profile image uploads. In AWS (UPLOADS_BUCKET) the browser PUTs straight to S3 through a
// presigned URL whose signature covers the content type and exact length; CloudFront serves the
// object at /uploads/{key}. In local mode (UPLOADS_DIR) the PUT goes to a local route that stores
// the bytes on disk and a GET route serves them. Type and size are checked here and in the browser.
//
// The local upload URL carries a ticket as the presigned S3 URL carries its signature: an HMAC
// (secret random per process) over the key, the account that asked for it, the content type,
// the exact size and an expiry 300 s ahead. The PUT is refused without a valid, unexpired ticket
// for that key (403), with another content type or size, and once the key holds a file (409):
// a local upload is written once and never overwritten.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { access, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadContentType, UploadResponse } from '#shared/catalog/admin-api';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '#shared/catalog/admin-api';
import { presignS3Put } from '#lambdas/platform/aws-lite';
import { Conflict, Forbidden, HttpError, NotFound, ValidationError } from '#lambdas/platform/errors';

export const LOCAL_UPLOAD_PREFIX = '/api/uploads/local/';
/** S3 object keys live under this prefix, which is also the CloudFront path. */
export const S3_UPLOAD_PREFIX = 'uploads/';
const PRESIGN_SECONDS = 300;

export interface UploadsConfig {
  bucket: string | undefined;
  dir: string | undefined;
}

export const uploadsConfig = (env: NodeJS.ProcessEnv = process.env): UploadsConfig => ({
  bucket: env.UPLOADS_BUCKET || undefined,
  dir: env.UPLOADS_DIR || undefined,
});

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif)$/;

export function isUploadKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

const EXT_TYPES: Record<string, UploadContentType> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

export function contentTypeOfKey(key: string): UploadContentType {
  return EXT_TYPES[key.slice(key.lastIndexOf('.') + 1)];
}

/** The image type the bytes really are (magic numbers), whatever the request claims. */
export function sniffImageType(bytes: Buffer): UploadContentType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  return null;
}

/** Signs local upload tickets. Random per process: tickets die with the local server that issued them. */
const LOCAL_TICKET_SECRET = randomBytes(32);

export interface LocalUploadTicket {
  key: string;
  /** Who asked: 'c{collectiveId}' for a collective, 'u{hash}' for another signed-in account. */
  owner: string;
  contentType: UploadContentType;
  size: number;
  /** Seconds since the epoch. */
  expires: number;
}

function ticketSignature(ticket: LocalUploadTicket): Buffer {
  const message = ['drift-local-upload-v1', ticket.key, ticket.owner, ticket.contentType, ticket.size, ticket.expires].join('\n');
  return createHmac('sha256', LOCAL_TICKET_SECRET).update(message).digest();
}

function localUploadUrl(ticket: LocalUploadTicket): string {
  const query = new URLSearchParams({
    owner: ticket.owner,
    size: String(ticket.size),
    expires: String(ticket.expires),
    signature: ticketSignature(ticket).toString('base64url'),
  });
  return `${LOCAL_UPLOAD_PREFIX}${ticket.key}?${query.toString()}`;
}

/** The account asking for an upload URL: a collective (card, profile and merch images) or any
 * signed-in account (the image of a profile request). */
export type UploadOwner = { collectiveId: number } | { accountId: string };

const ownerTag = (owner: UploadOwner) => ('collectiveId' in owner ? `c${owner.collectiveId}` : `u${owner.accountId}`);

export async function createUpload(
  contentType: UploadContentType,
  size: number,
  owner: UploadOwner,
  config = uploadsConfig(),
  now = Date.now(),
): Promise<UploadResponse> {
  const key = `${randomUUID()}.${UPLOAD_CONTENT_TYPES[contentType]}`;
  if (config.bucket) {
    const uploadUrl = await presignS3Put({
      bucket: config.bucket,
      key: `${S3_UPLOAD_PREFIX}${key}`,
      contentType,
      contentLength: size,
      expiresIn: PRESIGN_SECONDS,
    });
    return { uploadUrl, method: 'PUT', headers: { 'Content-Type': contentType }, imageUrl: `/${S3_UPLOAD_PREFIX}${key}` };
  }
  if (config.dir) {
    const ticket: LocalUploadTicket = { key, owner: ownerTag(owner), contentType, size, expires: Math.floor(now / 1000) + PRESIGN_SECONDS };
    return { uploadUrl: localUploadUrl(ticket), method: 'PUT', headers: { 'Content-Type': contentType }, imageUrl: `${LOCAL_UPLOAD_PREFIX}${key}` };
  }
  throw new HttpError(503, 'uploads_unavailable', 'Image uploads are not configured');
}

function localDir(config: UploadsConfig): string {
  if (!config.dir) throw new NotFound('Local uploads');
  return config.dir;
}

/** What the PUT presents: the upload URL's query and the request's Content-Type header. */
export interface LocalUploadRequest {
  query: Record<string, string | undefined>;
  contentType: string | undefined;
}

const wholeNumber = (value: string | undefined) => (value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null);

/** The ticket of a PUT when its signature is ours and it has not expired; 403 otherwise. */
function verifyTicket(key: string, request: LocalUploadRequest, now: number): LocalUploadTicket {
  const owner = /^[cu][\w-]{1,64}$/.test(request.query.owner ?? '') ? request.query.owner! : null;
  const size = wholeNumber(request.query.size);
  const expires = wholeNumber(request.query.expires);
  const presented = Buffer.from(request.query.signature ?? '', 'base64url');
  if (owner === null || size === null || expires === null) throw new Forbidden('The upload URL has no valid ticket: ask for a new upload URL');
  const ticket: LocalUploadTicket = { key, owner, contentType: contentTypeOfKey(key), size, expires };
  const expected = ticketSignature(ticket);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    throw new Forbidden('The upload URL has no valid ticket: ask for a new upload URL');
  if (expires * 1000 < now) throw new Forbidden('The upload URL has expired: ask for a new upload URL');
  return ticket;
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Stores a local-mode upload: only with the ticket of POST /api/uploads for this key, for the declared
 * content type and exact size, after checking the real type, and only once (never overwrites). */
export async function storeLocalUpload(key: string, bytes: Buffer, request: LocalUploadRequest, config = uploadsConfig(), now = Date.now()): Promise<void> {
  const dir = localDir(config);
  if (!isUploadKey(key)) throw new NotFound(`Upload ${key}`);
  const ticket = verifyTicket(key, request, now);
  const declaredType = (request.contentType ?? '').split(';')[0].trim().toLowerCase();
  if (declaredType !== ticket.contentType) throw new Forbidden(`The upload URL is for ${ticket.contentType}, not ${declaredType || 'a missing Content-Type'}`);
  const file = path.join(dir, key);
  if (await exists(file)) throw new Conflict('This upload URL has already been used: ask for a new upload URL');
  if (bytes.length === 0) throw new ValidationError({ file: 'The file is empty' });
  if (bytes.length > UPLOAD_MAX_BYTES) throw new ValidationError({ file: 'The image must be 10MB or smaller' });
  if (bytes.length !== ticket.size)
    throw new ValidationError({ file: `The file has ${bytes.length} bytes, not the ${ticket.size} the upload URL was issued for` });
  const actual = sniffImageType(bytes);
  if (actual !== ticket.contentType) throw new ValidationError({ file: 'The file is not the PNG, JPG or GIF image it claims to be' });
  await mkdir(dir, { recursive: true });
  // Written aside, then linked into place: link() fails if the key exists, so two concurrent PUTs
  // cannot both land and a reader never sees half a file.
  const partial = path.join(dir, `.${key}.${randomUUID()}.partial`);
  await writeFile(partial, bytes, { flag: 'wx' });
  try {
    await link(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new Conflict('This upload URL has already been used: ask for a new upload URL');
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
}

export async function readLocalUpload(key: string, config = uploadsConfig()): Promise<{ bytes: Buffer; contentType: UploadContentType }> {
  const dir = localDir(config);
  if (!isUploadKey(key)) throw new NotFound(`Upload ${key}`);
  try {
    return { bytes: await readFile(path.join(dir, key)), contentType: contentTypeOfKey(key) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFound(`Upload ${key}`);
    throw error;
  }
}
