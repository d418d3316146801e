// Fans' display names and collector profiles (issue 26 item 1; shared/community/display-names.ts has
// the rules, the name guard of decision 0026 the look-alikes). A fan's profile is PERSON#<buyer key>/PROFILE (its name and whether the public profile
// is on); the name is claimed by DISPLAYNAME#<name key>/NAME, written in the same transaction, so
// two fans never hold one name. Public lists ask `publicLabels` what to call each fan: the chosen
// name when the fan may be listed publicly (not a minor: age-bands.ts), else the pseudonym Drift
// gave them ('Fan 7KQ2MX'), never any part of an email.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { displayNameKey, type MyProfile, type ProfileRequest } from '#shared/community/display-names';
import { guardPublicName } from './protected-names';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { Conflict, Forbidden, ValidationError } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString, versionIs } from '#lambdas/platform/store';
import type { Item, Store, Write } from '#lambdas/platform/store';
import { isListedPublicly, type AgeRecord } from './age-bands';
import { AccountForgotten, notForgotten } from './forgotten';
import { buyerAlias } from './buyers';

export interface StoredProfile {
  displayName: string | null;
  public: boolean;
  version: number;
}

const profileOf = (item: Item | undefined): StoredProfile => ({
  displayName: typeof item?.displayName === 'string' ? item.displayName : null,
  public: item?.public === true,
  version: Number(item?.version ?? 0),
});

const bandOf = (item: Item | undefined): Pick<AgeRecord, 'band'> | undefined =>
  item && (item.band === 'minor' || item.band === 'adult' || item.band === 'unknown') ? { band: item.band } : undefined;

/** The fan's own profile settings. */
export async function myProfile(store: Store, buyerKey: string): Promise<MyProfile> {
  const found = await store.get([keys.personProfile(buyerKey), keys.personAge(buyerKey)]);
  const profile = profileOf(found.get(keyString(keys.personProfile(buyerKey))));
  const canBePublic = isListedPublicly(bandOf(found.get(keyString(keys.personAge(buyerKey)))));
  return { displayName: profile.displayName, pseudonym: buyerAlias(buyerKey), public: profile.public && canBePublic, canBePublic };
}

/**
 * Saves a fan's name and profile switch: the name must pass the name guard (no athlete's, school's
 * or collective's name, staff word or the minors' label, however spelt), nor be another fan's (its
 * claim); a minor's profile is never public. Changing the name
 * frees the old one.
 */
export async function saveProfile(store: Store, buyerKey: string, request: ProfileRequest, now = new Date()): Promise<MyProfile> {
  const found = await store.get([keys.personProfile(buyerKey), keys.personAge(buyerKey)]);
  const before = profileOf(found.get(keyString(keys.personProfile(buyerKey))));
  if (request.public && !isListedPublicly(bandOf(found.get(keyString(keys.personAge(buyerKey))))))
    throw new Forbidden('Public profiles are for adults: yours stays private, and your name stays off public lists');
  // The name guard (decision 0026): not too close to an athlete's, a school's or a collective's name,
  // a staff word or the minors' label.
  if (request.displayName) await guardPublicName(store, request.displayName, 'displayName');
  const beforeKey = before.displayName ? displayNameKey(before.displayName) : null;
  const afterKey = request.displayName ? displayNameKey(request.displayName) : null;
  const at = now.toISOString();
  const writes: Write[] = [
    {
      put: {
        ...keys.personProfile(buyerKey),
        type: 'profile',
        buyerKey,
        displayName: request.displayName,
        public: request.public,
        updatedAt: at,
        version: before.version + 1,
      },
      condition: versionIs(before.version),
    },
  ];
  if (afterKey && afterKey !== beforeKey)
    writes.push({
      put: { ...keys.displayNameClaim(afterKey), type: 'display-name', buyerKey, displayName: request.displayName, claimedAt: at },
      condition: { or: [{ notExists: true }, { field: 'buyerKey', is: buyerKey }] },
    });
  else if (afterKey)
    writes.push({ update: keys.displayNameClaim(afterKey), set: { displayName: request.displayName }, condition: { field: 'buyerKey', is: buyerKey } });
  if (beforeKey && beforeKey !== afterKey) writes.push({ delete: keys.displayNameClaim(beforeKey), condition: { field: 'buyerKey', is: buyerKey } });
  // An account being deleted claims no name (its sign-in token outlives it by up to an hour): last, so
  // the failed indexes above keep their meaning.
  writes.push(notForgotten(buyerKey, now));
  try {
    await store.transact(writes);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    if (error.failed.includes(writes.length - 1)) throw new AccountForgotten();
    if (error.failed.includes(1) && afterKey !== beforeKey) throw new ValidationError({ displayName: 'That display name is taken: choose another.' });
    throw new Conflict('Your profile changed while saving; try again');
  }
  return myProfile(store, buyerKey);
}

/** What public lists call each fan (by buyer key): the chosen name of a fan who may be listed
 * publicly, else their pseudonym. One GetItem per fan for the profile and one for the age band
 * (the public readers' grant: GetItem and Query only). */
export interface PublicLabel {
  label: string;
  /** The fan may be listed publicly at all (not a minor, age-bands.ts). */
  listed: boolean;
  /** Named by a chosen display name (not the pseudonym). */
  named: boolean;
  /** Their public profile is on (/collector/{name}). */
  profile: boolean;
}

export async function publicLabels(buyerKeys: readonly string[]): Promise<Map<string, PublicLabel>> {
  const unique = [...new Set(buyerKeys)];
  const get = async (key: { PK: string; SK: string }) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;
  const rows = await Promise.all(unique.map(async (k) => [k, await get(keys.personProfile(k)), await get(keys.personAge(k))] as const));
  return new Map(
    rows.map(([buyerKey, profileItem, ageItem]) => {
      const profile = profileOf(profileItem);
      const listed = isListedPublicly(bandOf(ageItem));
      const named = listed && profile.displayName !== null;
      return [buyerKey, { label: named ? profile.displayName! : buyerAlias(buyerKey), listed, named, profile: named && profile.public }];
    }),
  );
}

/** What a public list calls one buyer of a stored item (a sale line, a Top Fan): their display name,
 * else the pseudonym stored with the item; a buyer who may not be listed publicly (a minor) is 'A
 * collector'. `label` is publicLabels' answer for the item's buyer key (undefined: an item stored
 * before it carried the key). */
export function publicName(label: PublicLabel | undefined, storedAlias: unknown): string {
  if (label && !label.listed) return 'A collector';
  if (label?.named) return label.label;
  return typeof storedAlias === 'string' && storedAlias ? storedAlias : 'Fan';
}

/** The fan a display name (any spelling) belongs to, when their public profile is on and they may be
 * listed publicly; null otherwise (the profile's page is then "not found"). */
export async function publicProfileOf(name: string): Promise<{ buyerKey: string; displayName: string } | null> {
  const key = displayNameKey(name);
  if (!key) return null;
  const get = async (k: { PK: string; SK: string }) => (await ddb().send(new GetCommand({ TableName: tableName(), Key: k }))).Item;
  const claim = await get(keys.displayNameClaim(key));
  if (!claim || typeof claim.buyerKey !== 'string') return null;
  const [profileItem, ageItem] = await Promise.all([get(keys.personProfile(claim.buyerKey)), get(keys.personAge(claim.buyerKey))]);
  const profile = profileOf(profileItem);
  if (!profile.public || !profile.displayName || !isListedPublicly(bandOf(ageItem))) return null;
  return { buyerKey: claim.buyerKey, displayName: profile.displayName };
}

/** Forgets a fan's name and profile (their account is deleted): the profile and the name's claim. */
export async function forgetDisplayName(store: Store, buyerKey: string): Promise<void> {
  const profile = profileOf((await store.get([keys.personProfile(buyerKey)])).get(keyString(keys.personProfile(buyerKey))));
  const writes: Write[] = [{ delete: keys.personProfile(buyerKey) }];
  if (profile.displayName) writes.push({ delete: keys.displayNameClaim(displayNameKey(profile.displayName)), condition: { field: 'buyerKey', is: buyerKey } });
  try {
    await store.transact(writes);
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    await store.transact(writes.slice(0, 1));
  }
}
