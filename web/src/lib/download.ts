// Downloads an owner file (a statement, disclosure or payout batch as CSV) or a JSON document: the
// need the bearer token, so a plain link cannot fetch them; the file is read here and saved
// through an object URL.
import type { ApiErrorBody } from '@shared/platform/http-api';
import { API_BASE } from '@/config/api';
import { ApiError } from '@/lib/api-client';
import { freshIdToken } from '@/lib/auth/session-store';

export function saveFile(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads `path` (under /api) as text with the caller's token and saves it as `name`. */
export async function downloadCsv(path: string, name: string): Promise<void> {
  const token = await freshIdToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  if (!response.ok) {
    let message = `Download failed (${response.status})`;
    try {
      message = (JSON.parse(text) as ApiErrorBody).error.message ?? message;
    } catch {
      // not a JSON error body: keep the status line
    }
    throw new ApiError(response.status, 'download_failed', message);
  }
  saveFile(name, 'text/csv;charset=utf-8', text);
}
