// The collective admin panel (/collective, /demo/collective, /collective-admin-panel): left menu
// Overview, Athletes, Cards, Transactions, Payouts, Settings (kept in ?section= so a reload stays put), a
// vertical tablist of the design system (components/tabs.tsx: the arrow keys move through it).
// It reads the collective's own routes (the stats, GET /api/collectives/{id} and its members),
// never the whole catalog; visitors read the demo twins. Payouts and Settings load lazily.
// The header, the menu and each section's layout render at once, data or not (each part shows its
// loading state in its own place), so the build prerenders /demo/collective (signed out, no data,
// the Overview) and the page paints before any script runs; the query string's section is read
// once the page has hydrated (use-hydrated.ts).
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import '@/components/dashboard/dashboard.css';
import { PanelHeader } from '@/components/dashboard/panel-header';
import { TabPanel, Tabs, type TabItem } from '@/components/tabs';
import { useCollectiveStats } from '@/features/collective-panel/api/get-collective-stats';
import { AthletesSection } from '@/features/collective-panel/components/athletes-section';
import { OverviewSection } from '@/features/collective-panel/components/overview-section';
import { SETTINGS_TAB_IDS, type SettingsTab } from '@/features/collective-panel/components/settings/settings-tabs';
import { GettingStarted } from '@/features/collective-panel/components/getting-started';
import { useCollective } from '@/features/collective-panel/api/get-collective';
import { useMembers } from '@/features/collective-panel/api/get-members';
import { TransactionsSection } from '@/features/collective-panel/components/transactions-section';
import { SignInPrompt } from '@/components/sign-in-required';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTenant } from '@/lib/use-tenant';
import { LIVE_REFRESH_MS, LOAD_ERROR } from '@/features/collective-panel/config';
import { useHydrated } from '@/lib/use-hydrated';

// The write-heavy sections load with their menu item, not with the dashboard.
const SettingsSection = lazy(() => import('@/features/collective-panel/components/settings/settings-section').then((m) => ({ default: m.SettingsSection })));
const PayoutsSection = lazy(() => import('@/features/collective-panel/components/payouts/payouts-section').then((m) => ({ default: m.PayoutsSection })));
const CardsSection = lazy(() => import('@/features/collective-panel/components/cards/cards-section').then((m) => ({ default: m.CardsSection })));

export type Section = 'overview' | 'athletes' | 'cards' | 'transactions' | 'payouts' | 'settings' | 'audit';

export const SECTIONS: Array<TabItem<Section> & { label: string }> = [
  { id: 'overview', label: 'Overview' },
  { id: 'athletes', label: 'Athletes' },
  { id: 'cards', label: 'Cards' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'settings', label: 'Settings' },
  { id: 'audit', label: 'Audit log' },
];

/** The section ?section= names; Cards used to be a Settings tab (?section=settings&tab=cards opens Cards). */
const parseSection = (value: string | null, tab: string | null): Section =>
  value === 'settings' && tab === 'cards' ? 'cards' : (SECTIONS.find((s) => s.id === value)?.id ?? 'overview');
/** Settings' tab, kept in ?tab= so a link can open it (the new collective's checklist does). */
const parseTab = (value: string | null): SettingsTab => SETTINGS_TAB_IDS.find((t) => t === value) ?? 'athletes';

const TITLE = 'Collective Dashboard';

/** `auditLog`: the Audit log section, given by the route table (the notifications feature's). */
export default function CollectivePanelRoute({ auditLog }: { auditLog?: ReactNode } = {}) {
  const { collectiveId, isOwnerCollective } = useTenant();
  const stats = useCollectiveStats(collectiveId, LIVE_REFRESH_MS);
  const collective = useCollective();
  // The overview names members in its chart and its assign controls: the first 100 (the server's page cap).
  const members = useMembers({ limit: 100 });
  // The figures render in the background (a transition React splits into short slices), not in
  // one long task the moment the response lands: the page stays responsive on a slow phone.
  const statsData = useDeferredValue(stats.data);
  const memberList = useDeferredValue(members.data?.items);
  const [params, setParams] = useSearchParams();
  // The prerendered HTML is the Overview: hydrate as that, then show the section the URL names.
  const hydrated = useHydrated();
  const section = hydrated ? parseSection(params.get('section'), params.get('tab')) : 'overview';
  const settingsTab = parseTab(hydrated ? params.get('tab') : null);
  useDocumentTitle(`${SECTIONS.find((s) => s.id === section)?.label} · ${TITLE}`);

  const select = (id: Section) => {
    // Choosing a section (Settings too) opens its first tab.
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('tab');
        if (id === 'overview') next.delete('section');
        else next.set('section', id);
        return next;
      },
      { replace: true },
    );
  };
  const setSettingsTab = (tab: SettingsTab) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (tab === 'athletes') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );

  const error = stats.error ?? collective.error ?? members.error;

  let body: ReactNode;
  if (error) {
    if (typeof console !== 'undefined') console.error('collective panel: load failed', error);
    body = (
      <div className="dash-red-box dash-load-error" role="alert">
        <p>{LOAD_ERROR}</p>
        <button
          type="button"
          className="btn btn-outline btn-sm"
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
  } else {
    const c = collective.data;
    // Cards, Payouts and Settings edit the members (and Settings the collective): they wait for them.
    const ownerReady = memberList !== undefined && (section !== 'settings' || c !== undefined);
    body = (
      <>
        {section === 'overview' && isOwnerCollective && <GettingStarted collectiveId={collectiveId} />}
        {section === 'overview' && <OverviewSection stats={statsData} members={memberList} />}
        {section === 'athletes' && <AthletesSection stats={statsData} />}
        {section === 'transactions' && <TransactionsSection collectiveId={collectiveId} />}
        {section === 'audit' && <Suspense fallback={<Spinner label="Loading..." />}>{auditLog}</Suspense>}
        {(section === 'settings' || section === 'payouts') && !isOwnerCollective && (
          <SignInPrompt
            message={section === 'payouts' ? 'Sign in as this collective to create and mark payouts' : 'Sign in as this collective to save changes'}
          />
        )}
        {(section === 'settings' || section === 'payouts' || section === 'cards') && !ownerReady && <Spinner label="Loading..." />}
        {ownerReady && (
          <Suspense fallback={<Spinner label="Loading..." />}>
            {section === 'payouts' && <PayoutsSection collectiveId={collectiveId} members={memberList} />}
            {section === 'cards' && (
              <CardsSection collectiveId={collectiveId} members={memberList} school={c?.school.name ?? null} canWrite={isOwnerCollective} />
            )}
            {section === 'settings' && c && (
              <SettingsSection
                tab={settingsTab}
                onTab={setSettingsTab}
                collective={{ id: collectiveId, name: c.collective.name }}
                members={memberList}
                sports={members.data?.sports}
                school={c.school}
                merch={c.merch}
              />
            )}
          </Suspense>
        )}
      </>
    );
  }

  return (
    <section className="page container">
      {/* The name's line is there before the name arrives, so nothing below moves. */}
      <PanelHeader title={TITLE} subtitle={stats.data?.name} />
      <div className="dash">
        <Tabs label="Collective panel" idBase="collective" orientation="vertical" className="dash-menu" items={SECTIONS} current={section} onSelect={select} />
        <TabPanel idBase="collective" id={section} className="dash-main">
          {body}
        </TabPanel>
      </div>
    </section>
  );
}
