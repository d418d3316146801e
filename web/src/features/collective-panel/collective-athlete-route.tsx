// The collective athlete view (/collective/athlete/:athleteId and its demo twin
// /demo/collective/athlete/:athleteId): header, card carousel, sales dashboard and up to 10 recent
// orders (serials, oversold and while-locked units) of one member of the panel's collective. The
// profile is the public GET /api/athletes/{id} (a member: its collectiveId is the panel's). "Return to Dashboard" goes back to the dashboard
// the visitor can open: the demo's unless they are signed in as the collective outside the demo.
import { Link, useLocation, useParams } from 'react-router-dom';
import { ErrorBox } from '@/components/error-box';
import { PageSpinner, Spinner } from '@/components/spinner';
import { isDemoPath, paths } from '@/config/paths';
import { parseId } from '@/lib/catalog';
import { ApiError } from '@/lib/api-client';
import { CardCarousel } from '@/components/dashboard/card-carousel';
import '@/components/dashboard/dashboard.css';
import { PanelHeader } from '@/components/dashboard/panel-header';
import { RecentOrdersTable } from '@/components/dashboard/recent-orders';
import { SalesDashboard } from '@/components/dashboard/sales-dashboard';
import { useMemberOrders, useMemberStats } from '@/features/collective-panel/api/get-athlete-sales';
import { useAthleteProfile } from '@/features/collective-panel/api/get-athlete-profile';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTenant } from '@/lib/use-tenant';
import { Panel } from '@/components/panel';
import { sportLabel } from '@shared/catalog/sports';

export const RECENT_LIMIT = 10;
export const PROFILE_LOAD_ERROR = 'Failed to load the athlete. Please try again later.';
export const SALES_LOAD_ERROR = 'Failed to load sales data. Please try again later.';

export default function CollectiveAthleteRoute() {
  const { athleteId } = useParams();
  const id = parseId(athleteId);
  const profile = useAthleteProfile(id);
  const { collectiveId, isOwnerCollective } = useTenant();
  const { pathname } = useLocation();
  const dashboardHref = isDemoPath(pathname) || !isOwnerCollective ? paths.demo.collective.getHref() : paths.collectiveAdmin.getHref();
  const notFound = id === null || (profile.error instanceof ApiError && profile.error.status === 404);
  const athlete = profile.data && profile.data.athlete.collectiveId === collectiveId ? profile.data.athlete : undefined;
  const stats = useMemberStats(athlete ? athlete.id : null);
  const orders = useMemberOrders(athlete ? athlete.id : null, RECENT_LIMIT);
  useDocumentTitle(athlete ? `${athlete.name} · Collective Dashboard` : profile.data || notFound ? 'Athlete not found' : undefined);

  if (profile.error && !notFound) return <ErrorBox message={PROFILE_LOAD_ERROR} onRetry={() => void profile.mutate()} />;
  if (!profile.data && !notFound) return <PageSpinner label="Loading athlete..." />;
  if (!athlete) {
    return (
      <section className="page container">
        <div className="empty-state">
          <h1 className="page-title">Athlete not found</h1>
          <Link to={dashboardHref} className="btn btn-primary">
            Return to Dashboard
          </Link>
        </div>
      </section>
    );
  }

  const failed = stats.error || orders.error;
  return (
    <section className="page container">
      <Link to={`${dashboardHref}?section=athletes`} className="back-link">
        ← Return to Dashboard
      </Link>
      <PanelHeader
        title={athlete.name}
        image={athlete.image}
        subtitle={[sportLabel(athlete.sport), athlete.position, athlete.number ? `#${athlete.number}` : '', athlete.school].filter(Boolean).join(' · ')}
      />
      <div className="dash-main">
        <Panel id="athlete-cards-title" title="Cards">
          <CardCarousel cards={profile.data?.cards ?? []} soldByCard={stats.data?.cardsSoldByCard} label={`${athlete.name} cards`} />
        </Panel>
        {failed ? (
          <ErrorBox
            message={SALES_LOAD_ERROR}
            onRetry={() => {
              void stats.mutate();
              void orders.mutate();
            }}
          />
        ) : !stats.data || !orders.data ? (
          <Spinner label="Loading sales..." />
        ) : (
          <>
            <Panel id="athlete-sales-title" title="Sales Dashboard">
              <SalesDashboard stats={stats.data} />
            </Panel>
            <Panel id="athlete-orders-title" title="Recent Orders">
              <RecentOrdersTable orders={orders.data.items.slice(0, RECENT_LIMIT)} caption={`${athlete.name}'s recent orders, newest first`} showSerials />
            </Panel>
          </>
        )}
      </div>
    </section>
  );
}
