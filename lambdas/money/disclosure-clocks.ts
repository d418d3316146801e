// The state clocks of an athlete's disclosure record (issue 23; the rules: shared/money/state-rules.ts):
// the school's state (the school item's `state`) decides the rule; for a card licence "signing" is the
// athlete's approval of each card (the card's approval) and "payment" the first payout paid; the
// school's own days (the collective's compliance setting) give the clock where the state leaves it to
// the school. NIL Go's clock is each reportable record's deadline. Reads: the school, the athlete's
// cards (one Query of its catalog partition) and the collective's settings.
import type { NilGoView } from '#shared/money/compliance-api';
import { disclosureClocks, ruleOf, stateCodeOf, US_STATES, type DisclosureClock } from '#shared/money/state-rules';
import { getAthlete, getSchool } from '#lambdas/catalog/catalog-repo';
import type { Store } from '#lambdas/platform/store';
import { readSettings } from './compliance-settings';

export interface DisclosureState {
  /** The school's state (USPS code and name), or null when the school has none yet. */
  state: { code: string; name: string } | null;
  rule: { name: string; to: string; source: string };
  clocks: DisclosureClock[];
}

export async function disclosureState(store: Store, athleteId: number, collectiveId: number | null, nilGo: NilGoView | undefined): Promise<DisclosureState> {
  const athlete = await getAthlete(athleteId);
  const [school, settings] = await Promise.all([
    athlete ? getSchool(athlete.schoolId) : Promise.resolve(undefined),
    collectiveId === null ? Promise.resolve(null) : readSettings(store, [collectiveId]).then((m) => m.get(collectiveId) ?? null),
  ]);
  const code = stateCodeOf(school?.state);
  const rule = ruleOf(code);
  const firstPaid = (nilGo?.records ?? []).flatMap((r) => r.payments.filter((p) => p.amountCents > 0).map((p) => p.date)).sort()[0] ?? null;
  const cards = (athlete?.digitalcollectibles ?? [])
    .map((c) => ({
      name: c.name,
      approvedAt: c.approval?.at ?? (c.state === undefined || c.state === 'published' || c.state === 'retired' ? (c.publishedAt ?? null) : null),
    }))
    .sort((a, b) => String(b.approvedAt).localeCompare(String(a.approvedAt)));
  return {
    state: code ? { code, name: US_STATES[code] } : null,
    rule: { name: rule.name, to: rule.to, source: rule.source },
    clocks: disclosureClocks({ state: code, cards, firstPaidAt: firstPaid, schoolPolicyDays: settings?.schoolPolicyDays ?? null, nilGo: nilGo?.records ?? [] }),
  };
}
