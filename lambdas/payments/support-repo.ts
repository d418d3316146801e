// A collective's support page settings (keys.supportSettings: pitch, tiers, one-time gifts, the
// platform fee, the receipts' legal name and tax status, the goal), versioned so that two editors
// never overwrite each other silently, and the school page's link to it (keys.catalogSchoolSupport),
// written in the same transaction.
import type { Collective } from '#shared/catalog/catalog-types';
import { DEFAULT_SUPPORT_SETTINGS, type SupportGoal, type SupportSettings, type SupportSettingsRequest, type SupportTier } from '#shared/payments/support-api';
import { Conflict } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString, versionIs, type Store } from '#lambdas/platform/store';

interface StoredSettings extends SupportSettings {
  /** The next new tier's number (ids are never reused, so a membership's tier id stays its own). */
  nextTier: number;
}

async function readStored(store: Store, collectiveId: number): Promise<StoredSettings> {
  const key = keys.supportSettings(collectiveId);
  const item = (await store.get([key])).get(keyString(key));
  if (!item) return { ...DEFAULT_SUPPORT_SETTINGS, nextTier: 1 };
  return {
    pitch: String(item.pitch ?? ''),
    tiers: (item.tiers as SupportTier[] | undefined) ?? [],
    giftsEnabled: item.giftsEnabled !== false,
    feeBasisPoints: Number(item.feeBasisPoints ?? 0),
    legalName: String(item.legalName ?? ''),
    taxDeductible: item.taxDeductible === true,
    goal: (item.goal as SupportGoal | null | undefined) ?? null,
    version: Number(item.version ?? 0),
    updatedAt: (item.updatedAt as string | undefined) ?? null,
    nextTier: Number(item.nextTier ?? 1),
  };
}

/** The support page's settings (the defaults until the collective saves them). */
export async function readSupportSettings(store: Store, collectiveId: number): Promise<SupportSettings> {
  const { nextTier: _next, ...settings } = await readStored(store, collectiveId);
  return settings;
}

export const SETTINGS_CHANGED = 'The support page was changed meanwhile (in another tab or by someone else): reload it and make your changes again';

/** Saves validated settings made from `request.version`; a Conflict when the stored version moved on. */
export async function saveSupportSettings(
  store: Store,
  collective: Collective,
  request: SupportSettingsRequest,
  by: string,
  now: string,
): Promise<SupportSettings> {
  const current = await readStored(store, collective.id);
  if (current.version !== request.version) throw new Conflict(SETTINGS_CHANGED);
  let nextTier = current.nextTier;
  const tiers: SupportTier[] = request.tiers.map((t) => ({
    id: t.id ?? `t${nextTier++}`,
    name: t.name,
    amountCents: t.amountCents,
    perk: t.perk,
    retired: t.retired,
  }));
  const settings: SupportSettings = {
    pitch: request.pitch,
    tiers,
    giftsEnabled: request.giftsEnabled,
    feeBasisPoints: request.feeBasisPoints,
    legalName: request.legalName,
    taxDeductible: request.taxDeductible,
    goal: request.goal,
    version: current.version + 1,
    updatedAt: now,
  };
  try {
    await store.transact([
      {
        put: { ...keys.supportSettings(collective.id), ...settings, nextTier, updatedBy: by, collectiveId: collective.id },
        condition: versionIs(current.version),
      },
      { put: { ...keys.catalogSchoolSupport(collective.schoolId), collectiveId: collective.id, collectiveName: collective.name } },
    ]);
  } catch (error) {
    if (error instanceof StoreConflict) throw new Conflict(SETTINGS_CHANGED);
    throw error;
  }
  return settings;
}
