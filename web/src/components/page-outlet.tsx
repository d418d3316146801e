// A layout's page (the demo shell's and the marketing layout's): the route's element with the
// designed error screen (RouteErrors), the data layer (DataProvider) and the page spinner while a
// lazy page loads.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { DataProvider } from '@/lib/data-provider';
import { RouteErrors } from '@/components/route-error';
import { PageSpinner } from '@/components/spinner';

export function PageOutlet() {
  return (
    <RouteErrors>
      <DataProvider>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </DataProvider>
    </RouteErrors>
  );
}
