// Earnings: the athlete's money in five tabs of the design system: Payouts (balance, next payout,
// payout account, payouts received), Activations (deliverables the collective pays for, to confirm
// or decline), Statement (a period's lines, a page at a time, and its CSV),
// Overview (the spec's donation figures: the donations allocated to the athlete) and NIL & tax (the
// NIL Go records, the disclosure record and the athlete's copy of its tax forms). Loaded with its section; the statement or the record prints on its own.
import { TabPanel, Tabs } from '@/components/tabs';
import { EARNINGS_TABS, type AthleteTab } from '@/features/athlete-panel/components/athlete-sections';
import { DisclosureKit } from '@/features/athlete-panel/components/disclosure-kit';
import { NilGoPanel } from '@/features/athlete-panel/components/nil-go-panel';
import { TaxCopy } from '@/features/athlete-panel/components/tax-copy';
import { OverviewTab } from '@/features/athlete-panel/components/overview-tab';
import { PayoutsTab } from '@/features/athlete-panel/components/payouts-tab';
import { ActivationsTab } from '@/features/athlete-panel/components/activations-tab';
import { usePrintScope } from '@/features/athlete-panel/components/print';
import { Statement } from '@/features/athlete-panel/components/statement';

type EarningsTab = (typeof EARNINGS_TABS)[number]['id'];

interface Props {
  athleteId: number;
  own: boolean;
  tab: EarningsTab;
  onTab: (tab: AthleteTab) => void;
}

export default function EarningsSection({ athleteId, own, tab, onTab }: Props) {
  usePrintScope(tab === 'disclosure' ? 'disclosure' : 'statement');
  return (
    <>
      <Tabs label="Earnings" idBase="athlete-earnings" items={EARNINGS_TABS} current={tab} onSelect={onTab} className="dash-tabs no-print" />
      <TabPanel idBase="athlete-earnings" id={tab} className="dash-main">
        {tab === 'payouts' && <PayoutsTab athleteId={athleteId} own={own} />}
        {tab === 'activations' && <ActivationsTab athleteId={athleteId} own={own} />}
        {tab === 'statement' && <Statement athleteId={athleteId} own={own} />}
        {tab === 'overview' && <OverviewTab athleteId={athleteId} />}
        {tab === 'disclosure' && (
          <>
            <NilGoPanel athleteId={athleteId} own={own} />
            <DisclosureKit athleteId={athleteId} own={own} currentYear={new Date().getUTCFullYear()} />
            <TaxCopy athleteId={athleteId} own={own} currentYear={new Date().getUTCFullYear()} />
          </>
        )}
      </TabPanel>
    </>
  );
}
