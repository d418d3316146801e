// False while React renders the HTML the build prerendered (web/build-tools/prerender.ts) and while
// the browser hydrates it, true afterwards and on every client render: what the prerendered page
// could not know (the query string) is read only once it is true, so hydration matches the HTML.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
