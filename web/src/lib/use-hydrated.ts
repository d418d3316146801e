// False while React hydrates prerendered HTML (and in the build's render), true from then on. A
// prerendered form keeps its submit button disabled until the app handles the submit (before that
// the browser would submit it natively, as a GET with the visitor's answers in the URL); the
// collective dashboard reads the query string only once it is true, so hydration matches the HTML.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
