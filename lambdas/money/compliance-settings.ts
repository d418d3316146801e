// A collective's compliance settings (issue 23), one item in its records partition
// (keys.complianceSettings): the payor group it shares with collectives under common ownership (NIL
// Go counts them as one payor), the form its allocated donations are reported on (1099-NEC box 1 or
// 1099-MISC box 3, as its tax adviser says), its school's own disclosure days where the state
// leaves the timing to the school, and whether a payout awaiting an athlete's payout account is
// sent as soon as the athlete links one (payWhenLinked; off: with the next Pay now). Absent: each collective its own payor, allocations on 1099-MISC
// box 3, no school days. Written by the collective (PUT /api/collectives/{id}/compliance).
import type { AllocationForm, ComplianceSettingsView } from '#shared/money/compliance-api';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

export const DEFAULT_SETTINGS: ComplianceSettingsView = {
  payorGroup: null,
  allocationForm: 'misc3',
  schoolPolicyDays: null,
  payWhenLinked: false,
  updatedAt: null,
};

export function settingsOf(item: Item | undefined): ComplianceSettingsView {
  if (!item) return DEFAULT_SETTINGS;
  return {
    payorGroup: typeof item.payorGroup === 'string' && item.payorGroup ? item.payorGroup : null,
    allocationForm: item.allocationForm === 'nec' ? 'nec' : 'misc3',
    schoolPolicyDays: Number.isSafeInteger(item.schoolPolicyDays) ? Number(item.schoolPolicyDays) : null,
    payWhenLinked: item.payWhenLinked === true,
    updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : null,
  };
}

/** The NIL Go payor group of a collective: its group's name made into an id, or the collective itself. */
export function payorGroupOf(collectiveId: number, settings: ComplianceSettingsView): string {
  const slug = (settings.payorGroup ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug ? `group-${slug}` : `collective-${collectiveId}`;
}

export async function readSettings(store: Store, collectiveIds: readonly number[]): Promise<Map<number, ComplianceSettingsView>> {
  const ids = [...new Set(collectiveIds)];
  const found = await store.get(ids.map((id) => keys.complianceSettings(id)));
  return new Map(ids.map((id) => [id, settingsOf(found.get(keyString(keys.complianceSettings(id))))]));
}

export interface SettingsInput {
  payorGroup: string | null;
  allocationForm: AllocationForm;
  schoolPolicyDays: number | null;
  payWhenLinked?: boolean;
}

export async function saveSettings(store: Store, collectiveId: number, input: SettingsInput, by: string, now: string): Promise<ComplianceSettingsView> {
  const item = {
    ...keys.complianceSettings(collectiveId),
    type: 'complianceSettings',
    collectiveId,
    ...input,
    payWhenLinked: input.payWhenLinked === true,
    updatedBy: by,
    updatedAt: now,
  };
  await store.write({ put: item });
  return settingsOf(item);
}
