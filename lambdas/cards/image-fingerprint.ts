// The version of a card's image the athlete approves. An upload's key is random and local uploads
// are written once, but a presigned S3 URL can be replayed while it is valid, so the key alone does
// not pin the bytes: the fingerprint is the object's ETag in S3 (the MD5 of a single PUT) and the
// SHA-256 of the file in local mode. Reading it also checks that the upload finished and that the
// bytes are a PNG, JPG or GIF of at most 10 MB, whatever the upload claimed.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '#shared/catalog/admin-api';
import { s3ObjectHead } from '#lambdas/platform/aws-lite';
import { ValidationError } from '#lambdas/platform/errors';
import { LOCAL_UPLOAD_PREFIX, S3_UPLOAD_PREFIX, isUploadKey, sniffImageType, uploadsConfig } from '#lambdas/catalog/uploads';
import type { UploadsConfig } from '#lambdas/catalog/uploads';

const notAnImage = () => new ValidationError({ image: 'The file is not a PNG, JPG or GIF image: upload the card image again' });
const missing = () => new ValidationError({ image: 'The image upload did not finish: upload the card image again' });
const tooLarge = () => new ValidationError({ image: 'The image must be 10MB or smaller' });

/** `sha256:…` (local) or `s3:{etag}` of an uploaded image; a ValidationError for a missing, oversized or non-image file. */
export async function imageFingerprint(url: string, config: UploadsConfig = uploadsConfig(), s3Endpoint?: string): Promise<string> {
  if (config.dir && url.startsWith(LOCAL_UPLOAD_PREFIX)) {
    const key = url.slice(LOCAL_UPLOAD_PREFIX.length);
    if (!isUploadKey(key)) throw missing();
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(config.dir, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
      throw error;
    }
    if (bytes.length > UPLOAD_MAX_BYTES) throw tooLarge();
    if (!sniffImageType(bytes)) throw notAnImage();
    return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  }
  if (config.bucket && url.startsWith(`/${S3_UPLOAD_PREFIX}`)) {
    const key = url.slice(1);
    if (!isUploadKey(key.slice(S3_UPLOAD_PREFIX.length))) throw missing();
    const head = await s3ObjectHead({ bucket: config.bucket, key, bytes: 16 }, s3Endpoint ? { endpoint: s3Endpoint } : {});
    if (!head) throw missing();
    if (head.size > UPLOAD_MAX_BYTES) throw tooLarge();
    if (!sniffImageType(head.head)) throw notAnImage();
    return `s3:${head.etag}`;
  }
  throw new ValidationError({ image: 'The card image must be uploaded here (PNG, JPG or GIF up to 10MB)' });
}
