// Profile image uploads. In AWS (UPLOADS_BUCKET) the browser PUTs straight to S3 through a
// presigned URL whose signature covers the content type and exact length; CloudFront serves the
// object at /uploads/{key}. In local mode (UPLOADS_DIR) the PUT goes to a local route that stores
// the bytes on disk and a GET route serves them. Type and size are checked here and in the browser.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { UploadContentType, UploadResponse } from '../../shared/admin-api';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '../../shared/admin-api';
import { HttpError, NotFound, ValidationError } from './errors';

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

export async function createUpload(contentType: UploadContentType, size: number, config = uploadsConfig()): Promise<UploadResponse> {
  const key = `${randomUUID()}.${UPLOAD_CONTENT_TYPES[contentType]}`;
  if (config.bucket) {
    const [{ S3Client, PutObjectCommand }, { getSignedUrl }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
    s3 ??= new S3Client({});
    const command = new PutObjectCommand({ Bucket: config.bucket, Key: `${S3_UPLOAD_PREFIX}${key}`, ContentType: contentType, ContentLength: size });
    const uploadUrl = await getSignedUrl(s3, command, { expiresIn: PRESIGN_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) });
    return { uploadUrl, method: 'PUT', headers: { 'Content-Type': contentType }, imageUrl: `/${S3_UPLOAD_PREFIX}${key}` };
  }
  if (config.dir) {
    const url = `${LOCAL_UPLOAD_PREFIX}${key}`;
    return { uploadUrl: url, method: 'PUT', headers: { 'Content-Type': contentType }, imageUrl: url };
  }
  throw new HttpError(503, 'uploads_unavailable', 'Image uploads are not configured');
}

let s3: S3Client | undefined;

function localDir(config: UploadsConfig): string {
  if (!config.dir) throw new NotFound('Local uploads');
  return config.dir;
}

/** Stores a local-mode upload after checking its key, size and real type. */
export async function storeLocalUpload(key: string, bytes: Buffer, config = uploadsConfig()): Promise<void> {
  const dir = localDir(config);
  if (!isUploadKey(key)) throw new NotFound(`Upload ${key}`);
  if (bytes.length === 0) throw new ValidationError({ file: 'The file is empty' });
  if (bytes.length > UPLOAD_MAX_BYTES) throw new ValidationError({ file: 'The image must be 10MB or smaller' });
  const actual = sniffImageType(bytes);
  if (actual !== contentTypeOfKey(key)) throw new ValidationError({ file: 'The file is not the PNG, JPG or GIF image it claims to be' });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, key), bytes);
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
