// Puts a screen's first data into SWR's cache before the first render of a deep link (main.tsx
// through app/route-screens.ts), under the key the screen's hook reads (its API path), so the
// screen renders with it at once; index.html's boot script has already requested that path, so
// this fetch is answered by that preload. The request is handed to the screen's first fetch of the
// path (lib/prime-handoff.ts): a failed read is not asked again.
import { mutate } from 'swr';
import { apiFetch } from '@/lib/api-client';
import { handOff } from '@/lib/prime-handoff';

export async function primeData(path: string | null): Promise<void> {
  if (path === null) return;
  const request = apiFetch<unknown>(path);
  handOff(path, request);
  const body = await request;
  await mutate(path, body, { revalidate: false });
}
