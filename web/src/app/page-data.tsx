// The answers a page rendered on request was rendered with (its data block, app/server-render.tsx)
// as SWR's fallback around the app, as the server rendered it: a lazily loaded module, so the
// entry (and the prerendered landing) load no SWR.
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

export function withPageData(app: ReactNode, answers: Record<string, unknown>): ReactNode {
  return <SWRConfig value={{ fallback: answers }}>{app}</SWRConfig>;
}
