// POST /api/uploads, then the upload itself: a presigned PUT (S3 in AWS, local mode's stand-in).
// Used by every write that takes an image (athletes, merch, cards, the profile request).
import type { UploadResponse } from '@shared/catalog/admin-api';
import { checkImageFile } from '@shared/catalog/admin-api';
import { ApiError, apiSend } from '@/lib/api-client';

/** Uploads an image (checked here first, then by the server) and answers the URL it is served at. */
export async function uploadImage(file: File): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new ApiError(400, 'validation', problem, { image: problem });
  const ticket = await apiSend<UploadResponse>('/uploads', 'POST', { contentType: file.type, size: file.size });
  let response: Response;
  try {
    response = await fetch(ticket.uploadUrl, { method: ticket.method, headers: ticket.headers, body: file });
  } catch {
    throw new ApiError(0, 'network_error', 'The image upload failed. Please try again.', { image: 'The image upload failed. Please try again.' });
  }
  if (!response.ok) {
    let message = 'The image upload failed. Please try again.';
    try {
      const body = (await response.json()) as { error?: { message?: string; fields?: Record<string, string> } };
      message = body.error?.fields?.file ?? body.error?.message ?? message;
    } catch {
      // S3 answers XML; keep the generic message
    }
    throw new ApiError(response.status, 'upload_failed', message, { image: message });
  }
  return ticket.imageUrl;
}
