// The app: the routes in the browser router. The data layer (lib/data-provider.tsx) comes with
// the layouts, so the landing loads neither SWR nor a layout. Once the app has rendered (or
// hydrated the prerendered page), html[data-app-ready] says so: what needs the app (the landing's
// Enter key) shows from then on, and browser tests wait for it before using the keyboard.
import { useEffect } from 'react';
import { AppRouter } from '@/app/router';

export function App() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return <AppRouter />;
}
