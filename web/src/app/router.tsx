// The route table rendered with react-router's declarative API (useRoutes): the browser router in
// the app, a static router when the build prerenders pages (app/prerender.tsx) and a memory router
// in tests all render this same tree, which is what lets the browser hydrate prerendered HTML.
// A page-level Suspense covers top-level lazy routes; RouteErrors shows the designed error screen.
import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { RouteErrors } from '@/components/route-error';
import { PageSpinner } from '@/components/spinner';
import { routes } from '@/app/routes';

export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <RouteErrors>
      <Suspense fallback={<PageSpinner />}>{element}</Suspense>
    </RouteErrors>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
