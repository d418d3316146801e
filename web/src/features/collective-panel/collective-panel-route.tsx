// The collective admin panel (/collective, /demo/collective, /collective-admin-panel): left menu
// Overview, Athletes, Transactions, Settings (kept in ?section= so a reload stays put). The demo
// collective shows only its members.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Athlete } from '@shared/catalog-types';
import { Spinner } from '@/components/spinner';
import { useCatalog } from '@/lib/catalog';
import '@/components/dashboard/dashboard.css';
import { PanelMenu, type MenuItem } from '@/components/dashboard/panel-menu';
import { useCollectiveStats } from './api/get-collective-stats';
import { AthletesSection } from './components/athletes-section';
import { OverviewSection } from './components/overview-section';
import { SettingsSection, type SettingsTab } from './components/settings/settings-section';
import { TransactionsSection } from './components/transactions-section';
import { SignInPrompt } from '@/components/sign-in-required';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTenant } from '@/lib/use-tenant';
import { LIVE_REFRESH_MS, LOAD_ERROR } from './config';

export type Section = 'overview' | 'athletes' | 'transactions' | 'settings';

export const SECTIONS: MenuItem<Section>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'athletes', label: 'Athletes' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'settings', label: 'Settings' },
];

const parseSection = (value: string | null): Section => SECTIONS.find((s) => s.id === value)?.id ?? 'overview';

const TITLE = 'Collective Dashboard';

export default function CollectivePanelRoute() {
  const { collectiveId, isOwnerCollective } = useTenant();
  const stats = useCollectiveStats(collectiveId, LIVE_REFRESH_MS);
  const catalog = useCatalog();
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

  const error = stats.error ?? catalog.error;
  const loading = !error && (!stats.data || !catalog.data);

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
            void catalog.mutate();
          }}
        >
          Try Again
        </button>
      </div>
    );
  } else if (loading || !stats.data || !catalog.data) {
    body = <Spinner label="Loading stats..." />;
  } else {
    const s = stats.data;
    const c = catalog.data;
    const collective = c.collectives.find((x) => x.id === collectiveId);
    const memberIds = collective?.members ?? s.members;
    const athletes = memberIds.map((id) => c.athletes.find((a) => a.id === id)).filter((a): a is Athlete => Boolean(a));
    const schoolId = collective?.schoolId ?? s.schoolId;
    const school = c.schools.find((x) => x.id === schoolId);
    body = (
      <>
        {section === 'overview' && <OverviewSection stats={s} athletes={athletes} />}
        {section === 'athletes' && <AthletesSection stats={s} athletes={athletes} />}
        {section === 'transactions' && <TransactionsSection collectiveId={collectiveId} />}
        {section === 'settings' && !isOwnerCollective && <SignInPrompt message="Sign in as this collective to save changes" />}
        {section === 'settings' && (
          <SettingsSection
            tab={settingsTab}
            onTab={setSettingsTab}
            collective={{ id: collectiveId, name: collective?.name ?? s.name }}
            athletes={athletes}
            school={school}
            merch={c.merch.filter((m) => m.schoolId === schoolId)}
          />
        )}
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
