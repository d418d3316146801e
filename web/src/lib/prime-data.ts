// Puts a screen's first data into SWR's cache before the first render of a deep link (main.tsx
// through app/route-screens.ts), under the key the screen's hook reads (its API path), so the
// screen renders with it at once; index.html's boot script has already requested that path, so
// this fetch is answered by that preload.
import { mutate } from 'swr';
import { apiFetch } from './api-client';

export async function primeData(path: string | null): Promise<void> {
  if (path === null) return;
  const body = await apiFetch<unknown>(path);
  await mutate(path, body, { revalidate: false });
}
