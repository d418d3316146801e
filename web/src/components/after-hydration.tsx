// What a page shows once it has hydrated, never in its server-rendered or prerendered HTML: parts a
// route adds to a page (a feature's follow button, a leaderboard) that read the visitor's session or
// load their own chunk, so the HTML and the first client render always agree.
import { Suspense, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
}
