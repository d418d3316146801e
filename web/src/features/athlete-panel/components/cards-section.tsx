// Cards & approvals: the spec's My Cards and the Approvals (with the number of cards waiting for
// the athlete), as tabs of the design system (arrow keys). Loaded with its section.
import type { AthleteProfileResponse } from '@shared/catalog/catalog-api';
import { TabPanel, Tabs } from '@/components/tabs';
import { CARDS_TABS, type AthleteTab } from '@/features/athlete-panel/components/athlete-sections';
import ApprovalsTab from '@/features/athlete-panel/components/approvals-tab';
import { MyCardsTab } from '@/features/athlete-panel/components/my-cards-tab';

interface Props {
  profile: AthleteProfileResponse;
  own: boolean;
  tab: 'cards' | 'approvals';
  pending: number;
  onTab: (tab: AthleteTab) => void;
}

export default function CardsSection({ profile, own, tab, pending, onTab }: Props) {
  return (
    <>
      <Tabs
        label="Cards & approvals"
        idBase="athlete-cards"
        items={CARDS_TABS.map((t) => (t.id === 'approvals' ? { ...t, count: pending, countLabel: 'pending' } : t))}
        current={tab}
        onSelect={onTab}
      />
      <TabPanel idBase="athlete-cards" id={tab} className="dash-main">
        {tab === 'cards' ? <MyCardsTab profile={profile} /> : <ApprovalsTab profile={profile} own={own} />}
      </TabPanel>
    </>
  );
}
