// Who may be listed publicly (issue 23, the age screen): a person's age band, never their birth
// date, kept on one small item per person keyed by the buyer key of their verified email
// (keys.personAge), so any public list (Top Fans today, leaderboards and collector profiles next)
// looks up exactly the fans it shows.
//
// The rule every public list follows: `isListedPublicly`. A fan is listed only when nothing says
// otherwise: an adult account, or a buyer Drift knows only from a storefront order (no account, so
// no band). A minor (13 to 17 at sign-up) is never listed; neither is an account whose band is not
// known yet (a Google account that has not answered the birth-date question). Lists keep their
// counts: a fan left off is still counted.
//
// Written by Cognito's post-confirmation trigger (post-confirmation.handler.ts) when an email is
// confirmed at sign-up, and by the account function when a Google account answers the question.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AgeBand } from '#shared/platform/age';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

/** 'unknown': an account that has not answered the birth-date question (a Google sign-up). */
export type StoredBand = AgeBand | 'unknown';

export interface AgeRecord {
  band: StoredBand;
  /** How the band was learnt: the sign-up form's question, or the question a Google account answers. */
  source: 'sign-up' | 'question' | 'google';
  at: string;
}

const bandOf = (item: Item | undefined): AgeRecord | undefined =>
  item && (item.band === 'minor' || item.band === 'adult' || item.band === 'unknown')
    ? { band: item.band, source: (item.source as AgeRecord['source']) ?? 'sign-up', at: String(item.at ?? '') }
    : undefined;

/** THE rule of every public list: listed unless the person is known to be a minor or has not answered. */
export const isListedPublicly = (record: Pick<AgeRecord, 'band'> | undefined): boolean => record === undefined || record.band === 'adult';

/** Records a person's band. A known band is never replaced by 'unknown' (a repeated trigger). */
export async function recordAgeBand(store: Store, buyerKey: string, record: AgeRecord): Promise<void> {
  const key = keys.personAge(buyerKey);
  if (record.band === 'unknown') {
    const existing = bandOf((await store.get([key])).get(keyString(key)));
    if (existing) return;
  }
  await store.write({ put: { ...key, type: 'personAge', ...record } });
}

/** A person's band (consistent read), or undefined when Drift holds none. */
export async function ageRecordOf(store: Store, buyerKey: string): Promise<AgeRecord | undefined> {
  const key = keys.personAge(buyerKey);
  return bandOf((await store.get([key])).get(keyString(key)));
}

/** The buyer keys among `buyerKeys` that a public list may show: one GetItem per key (the readers'
 * grant: GetItem and Query only), eventually consistent, as the public answers are. */
export async function listedPublicly(buyerKeys: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(buyerKeys)];
  const records = await Promise.all(
    unique.map(async (buyerKey) => bandOf((await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.personAge(buyerKey) }))).Item)),
  );
  return new Set(unique.filter((_, i) => isListedPublicly(records[i])));
}

/** The same through a store (tests, tools and writers that hold one). */
export async function listedPubliclyIn(store: Store, buyerKeys: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(buyerKeys)];
  const found = await store.get(unique.map((k) => keys.personAge(k)));
  return new Set(unique.filter((k) => isListedPublicly(bandOf(found.get(keyString(keys.personAge(k)))))));
}

/** Forgets a person's band (their account is deleted). */
export async function forgetAgeBand(store: Store, buyerKey: string): Promise<void> {
  await store.write({ delete: keys.personAge(buyerKey) });
}
