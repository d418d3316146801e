// The athlete admin panel (/athlete, /demo/athlete, /athlete-admin-panel): header, side menu
// (My Cards, Posts, Overview, Comments; the section is kept in ?tab= so a reload stays put).
import { useSearchParams } from 'react-router-dom';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { PageSpinner } from '@/components/spinner';
import { CATALOG_ERROR, useCatalog } from '@/lib/catalog';
import '@/components/dashboard/dashboard.css';
import { MyCardsTab } from './components/my-cards-tab';
import { CommentsTab, OverviewTab } from './components/overview-tab';
import { PanelMenu, type MenuItem } from '@/components/dashboard/panel-menu';
import { PostsTab } from './components/posts-tab';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTenant } from '@/lib/use-tenant';

export type AthleteTab = 'cards' | 'posts' | 'overview' | 'comments';

export const ATHLETE_TABS: MenuItem<AthleteTab>[] = [
  { id: 'cards', label: 'My Cards' },
  { id: 'posts', label: 'Posts' },
  { id: 'overview', label: 'Overview' },
  { id: 'comments', label: 'Comments' },
];

export const parseTab = (value: string | null): AthleteTab => ATHLETE_TABS.find((t) => t.id === value)?.id ?? 'cards';

export default function AthletePanelRoute() {
  const { athleteId } = useTenant();
  const { data: catalog, error, mutate } = useCatalog();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const titleAthlete = catalog?.athletes.find((a) => a.id === athleteId);
  useDocumentTitle(titleAthlete ? `${ATHLETE_TABS.find((t) => t.id === tab)?.label} · ${titleAthlete.name}` : 'Athlete Panel');

  if (error) return <ErrorBox message={CATALOG_ERROR} onRetry={() => void mutate()} />;
  if (!catalog) return <PageSpinner label="Loading your panel..." />;
  const athlete = catalog.athletes.find((a) => a.id === athleteId);
  if (!athlete) return <ErrorBox message="Athlete not found" />;

  return (
    <section className="page container">
      <header className="dash-header">
        <FallbackImage src={athlete.image} alt="" className="dash-avatar" />
        <div>
          <h1>{athlete.name}</h1>
          <p className="dash-handle">@{athlete.handle}</p>
          <p className="dash-zone">Dates and months in UTC</p>
        </div>
      </header>
      <div className="dash">
        <PanelMenu
          label="Athlete panel"
          items={ATHLETE_TABS}
          current={tab}
          onSelect={(id) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (id === 'cards') next.delete('tab');
                else next.set('tab', id);
                return next;
              },
              { replace: true },
            )
          }
        />
        <div className="dash-main">
          {tab === 'cards' && <MyCardsTab athlete={athlete} />}
          {tab === 'posts' && <PostsTab athleteId={athlete.id} />}
          {tab === 'overview' && <OverviewTab athleteId={athlete.id} />}
          {tab === 'comments' && <CommentsTab athleteId={athlete.id} />}
        </div>
      </div>
    </section>
  );
}
