// Settings: tabs Athletes Management, Add Athlete Profile, Invites, Profile Requests, School Colors, Merchandise, Support Page (gifts and membership tiers),
// Payments (settings-tabs.ts), tabs of the design system (components/tabs.tsx: arrow keys, Home,
// End). Invites, requests, the support page and payments are the owner's only (no demo twin):
// visitors see the sign-in prompt there.
import type { Collective, MemberSummary, MerchItem, School } from '@shared/catalog/catalog-types';
import { useTenant } from '@/lib/use-tenant';
import { AddAthleteForm } from '@/features/collective-panel/components/settings/add-athlete-form';
import { InvitesManager } from '@/features/collective-panel/components/settings/invites-manager';
import { ProfileRequests } from '@/features/collective-panel/components/settings/profile-requests';
import { AthletesManagement } from '@/features/collective-panel/components/settings/athletes-management';
import { MerchManager } from '@/features/collective-panel/components/settings/merch-manager';
import { SchoolColorsForm } from '@/features/collective-panel/components/settings/school-colors-form';
import { SchoolStateForm } from '@/features/collective-panel/components/settings/school-state-form';
import { SupportSettingsForm } from '@/features/collective-panel/components/settings/support-settings-form';
import { PaymentsSettings } from '@/features/collective-panel/components/settings/payments-settings';
import { SETTINGS_TABS, type SettingsTab } from '@/features/collective-panel/components/settings/settings-tabs';
import { Panel } from '@/components/panel';
import { TabPanel, Tabs } from '@/components/tabs';

export type { SettingsTab } from '@/features/collective-panel/components/settings/settings-tabs';
export { SETTINGS_TABS } from '@/features/collective-panel/components/settings/settings-tabs';

interface Props {
  tab: SettingsTab;
  onTab: (tab: SettingsTab) => void;
  collective: Pick<Collective, 'id' | 'name'>;
  /** The first page of members (pickers); the management table pages on its own. */
  members: MemberSummary[];
  /** The distinct sports of all the members (the members read's first page names them). */
  sports?: string[];
  school: School | undefined;
  merch: MerchItem[];
}

export function SettingsSection({ tab, onTab, collective, members, sports, school, merch }: Props) {
  const { isOwnerCollective } = useTenant();
  return (
    <Panel id="settings-title" title="Settings">
      <Tabs label="Settings" idBase="settings" items={SETTINGS_TABS} current={tab} onSelect={onTab} />
      <TabPanel idBase="settings" id={tab}>
        {tab === 'athletes' && (
          <AthletesManagement collectiveId={collective.id} collectiveName={collective.name} sports={sports ?? members.map((m) => m.sport)} />
        )}
        {tab === 'add-profile' && <AddAthleteForm collectiveId={collective.id} />}
        {tab === 'invites' &&
          (isOwnerCollective ? (
            <InvitesManager collectiveId={collective.id} members={members} />
          ) : (
            <p className="muted">Invites are shown to the signed-in collective only.</p>
          ))}
        {tab === 'requests' &&
          (isOwnerCollective ? (
            <ProfileRequests collectiveId={collective.id} />
          ) : (
            <p className="muted">Profile requests are shown to the signed-in collective only.</p>
          ))}
        {tab === 'school-colors' &&
          (school ? <SchoolColorsForm key={school.id} collectiveId={collective.id} school={school} /> : <p className="muted">School not found.</p>)}
        {tab === 'school-colors' && school && isOwnerCollective && (
          <SchoolStateForm key={`${school.id}-${school.state}`} collectiveId={collective.id} school={school} />
        )}
        {tab === 'merch' && (school ? <MerchManager collectiveId={collective.id} school={school} items={merch} /> : <p className="muted">School not found.</p>)}
        {tab === 'support' &&
          (isOwnerCollective ? (
            <SupportSettingsForm collectiveId={collective.id} />
          ) : (
            <p className="muted">The support page settings are shown to the signed-in collective only.</p>
          ))}
        {tab === 'payments' &&
          (isOwnerCollective ? (
            <PaymentsSettings collectiveId={collective.id} />
          ) : (
            <p className="muted">Payment settings are shown to the signed-in collective only.</p>
          ))}
      </TabPanel>
    </Panel>
  );
}
