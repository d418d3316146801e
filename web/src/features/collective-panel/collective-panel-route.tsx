// The collective admin panel (/collective, /demo/collective, /collective-admin-panel): left menu
// Overview, Athletes, Transactions, Payouts, Settings (kept in ?section= so a reload stays put).
// It reads the collective's own routes (the stats, GET /api/collectives/{id} and its members),
// never the whole catalog; visitors read the demo twins. Payouts and Settings load lazily.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import '@/components/dashboard/dashboard.css';
import { PanelMenu, type MenuItem } from '@/components/dashboard/panel-menu';
import { useCollectiveStats } from './api/get-collective-stats';
import { AthletesSection } from './components/athletes-section';
import { OverviewSection } from './components/overview-section';
import type { SettingsTab } from './components/settings/settings-section';
import { useCollective } from './api/get-collective';
import { useMembers } from './api/get-members';
import { TransactionsSection } from './components/transactions-section';
import { SignInPrompt } from '@/components/sign-in-required';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTenant } from '@/lib/use-tenant';
import { LIVE_REFRESH_MS, LOAD_ERROR } from './config';

// The write-heavy sections load with their menu item, not with the dashboard.
const SettingsSection = lazy(() => import('./components/settings/settings-section').then((m) => ({ default: m.SettingsSection })));
const PayoutsSection = lazy(() => import('./components/payouts/payouts-section').then((m) => ({ default: m.PayoutsSection })));

export type Section = 'overview' | 'athletes' | 'transactions' | 'payouts' | 'settings';

export const SECTIONS: MenuItem<Section>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'athletes', label: 'Athletes' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'settings', label: 'Settings' },
];

const parseSection = (value: string | null): Section => SECTIONS.find((s) => s.id === value)?.id ?? 'overview';

const TITLE = 'Collective Dashboard';

export default function CollectivePanelRoute() {
  const { collectiveId, isOwnerCollective } = useTenant();
  const stats = useCollectiveStats(collectiveId, LIVE_REFRESH_MS);
  const collective = useCollective();
  // The overview names members in its chart and its assign controls: the first 100 (the server's page cap).
  const members = useMembers({ limit: 100 });
  const [params, setParams] = useSearchParams();
  const section = parseSection(params.get('section'));
  const [settingsTab, setSettingsTab] = useState<SettingsTab>('athletes');
  useDocumentTitle(`${SECTIONS.find((s) => s.id === section)?.label} · ${TITLE}`);

  const select = (id: Section) => {
    // Choosing Settings always opens its first tab.
    if (id === 'settings') setSettingsTab('athletes');
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === 'overview') next.delete('section');
        else next.set('section', id);
        return next;
      },
      { replace: true },
    );
  };

  const error = stats.error ?? collective.error ?? members.error;

  let body: ReactNode = null;
  if (error) {
    if (typeof console !== 'undefined') console.error('collective panel: load failed', error);
    body = (
      <div className="dash-red-box" role="alert">
        <p style={{ margin: 0 }}>{LOAD_ERROR}</p>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          style={{ marginTop: 8 }}
          onClick={() => {
            void stats.mutate();
            void collective.mutate();
            void members.mutate();
          }}
        >
          Try Again
        </button>
      </div>
    );
  } else if (!stats.data || !collective.data || !members.data) {
    body = <Spinner label="Loading stats..." />;
  } else {
    const s = stats.data;
    const c = collective.data;
    const memberList = members.data.items;
    body = (
      <>
        {section === 'overview' && <OverviewSection stats={s} members={memberList} />}
        {section === 'athletes' && <AthletesSection stats={s} />}
        {section === 'transactions' && <TransactionsSection collectiveId={collectiveId} />}
        {(section === 'settings' || section === 'payouts') && !isOwnerCollective && (
          <SignInPrompt
            message={section === 'payouts' ? 'Sign in as this collective to create and mark payouts' : 'Sign in as this collective to save changes'}
          />
        )}
        <Suspense fallback={<Spinner label="Loading..." />}>
          {section === 'payouts' && <PayoutsSection collectiveId={collectiveId} members={memberList} />}
          {section === 'settings' && (
            <SettingsSection
              tab={settingsTab}
              onTab={setSettingsTab}
              collective={{ id: collectiveId, name: c.collective.name }}
              members={memberList}
              school={c.school}
              merch={c.merch}
            />
          )}
        </Suspense>
      </>
    );
  }

  return (
    <section className="page container">
      <header className="dash-header">
        <div>
          <h1>{TITLE}</h1>
          {/* The line is there before the name arrives, so nothing below moves. */}
          <p className="dash-handle">{stats.data?.name ?? '\u00a0'}</p>
          <p className="dash-zone">Dates and months in UTC</p>
        </div>
      </header>
      <div className="dash">
        <PanelMenu label="Collective panel" items={SECTIONS} current={section} onSelect={select} />
        <div className="dash-main">{body}</div>
      </div>
    </section>
  );
}
