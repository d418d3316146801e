// Catalog writes of the dashboards: collective membership and member profiles, new athlete
// profiles, school colours and merchandise. Each write is one transaction over the entity's item
// and every item derived from it (roster entry and sport counts, member entry, name index, search
// block and its manifest; catalog-items.ts, search-writes.ts), guarded by the profile's version
// read in the same Query as the athlete it writes (and the search block by its own version), so
// concurrent edits never lose an update and derived items never drift. No write reads the whole
// catalog; reads here are consistent. Keys come from keys.ts only. Written over the store port
// (lambdas/platform/store.ts): catalogWriter(store) runs on the table (the exports below) or in
// memory (test/unit/admin-repo.test.ts).
import type { CreateAthleteRequest, MerchRequest, UpdateMemberRequest } from '#shared/catalog/admin-api';
import type { Athlete, Collective, MerchItem, School, SchoolColors } from '#shared/catalog/catalog-types';
import { athleteFoldKey } from '#shared/platform/name-guard';
import {
  athleteProfileItem,
  cardItem,
  collectiveItem,
  memberItem,
  normalizeName,
  POSITION_ATTRIBUTE_PREFIX,
  productItem,
  rosterItem,
  rosterKey,
  setItem,
} from './catalog-items';
import type { Item } from './catalog-items';
import { searchBlockChanges } from './search-writes';
import { searchBlockOf, searchRowOf } from '#shared/catalog/search-blocks';
import { milestoneWrite } from './collective-milestones';
import { readAthleteRecord } from './athlete-record';
import { catalogWritten } from '#lambdas/platform/cache-policy';
import { LIMITS } from './catalog-repo';
import { tableName } from '#lambdas/platform/dynamodb';
import { Conflict, NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { eventWrites } from '#lambdas/notifications/event-writes';
import { memberEvent, type MemberActor } from './member-events';
import { StoreConflict, dynamoStore, keyString, noBackoff, retryOnConflict, toTransactItem, versionIs } from '#lambdas/platform/store';
import type { Key, Store, TransactItem, Write } from '#lambdas/platform/store';

/** The image new profiles get until one is uploaded (the web falls back to it too). */
export const DEFAULT_ATHLETE_IMAGE = '/images/logo.svg';
/** Attempts of a catalog write whose lock moved (each reads again, without waiting). */
const ATTEMPTS = 5;

// ---- derived items --------------------------------------------------------------------------------

/** An update in DynamoDB's expression language (store.ts ExpressionUpdate). */
const expression = (update: Key, text: string, names: Record<string, string>, values?: Record<string, unknown>): Write => ({
  update: { PK: update.PK, SK: update.SK },
  expression: text,
  names,
  ...(values ? { values } : {}),
});

/** The writes that bring an athlete's derived items from `before` to `after` (null: absent):
 * roster entry, sport counts, member entry, name index, and its row in its search block
 * (`searchBlock`: that block's item as read, undefined when absent) with the block's version. */
export function derivedChanges(before: Athlete | null, after: Athlete | null, searchBlock: Item | undefined): Write[] {
  const writes: Write[] = [];
  const sameKey = (a: Key, b: Key) => a.PK === b.PK && a.SK === b.SK;
  const del = (key: Key): Write => ({ delete: { PK: key.PK, SK: key.SK } });

  if (before && (!after || !sameKey(rosterKey(before), rosterKey(after)))) writes.push(del(rosterKey(before)));
  if (after) writes.push({ put: rosterItem(after) });

  // Sport counts: -1 where the athlete was, +1 where it is (one update per sport item).
  const deltas = new Map<string, { key: Key; schoolId: number; sport: string; count: number; positions: Map<string, number> }>();
  const count = (a: Athlete, sign: 1 | -1) => {
    const key = keys.catalogSport(a.schoolId, a.sport);
    const d = deltas.get(keyString(key)) ?? { key, schoolId: a.schoolId, sport: a.sport, count: 0, positions: new Map<string, number>() };
    deltas.set(keyString(key), d);
    d.count += sign;
    if (a.position) d.positions.set(a.position, (d.positions.get(a.position) ?? 0) + sign);
  };
  if (before) count(before, -1);
  if (after) count(after, 1);
  for (const d of deltas.values()) {
    const positions = [...d.positions].filter(([, n]) => n !== 0);
    if (d.count === 0 && positions.length === 0) continue;
    const names: Record<string, string> = { '#type': 'type', '#schoolId': 'schoolId', '#sport': 'sport', '#count': 'count' };
    const values: Record<string, unknown> = { ':type': 'sport', ':schoolId': d.schoolId, ':sport': d.sport, ':count': d.count };
    const adds = ['#count :count'];
    positions.forEach(([position, n], i) => {
      names[`#p${i}`] = `${POSITION_ATTRIBUTE_PREFIX}${position}`;
      values[`:p${i}`] = n;
      adds.push(`#p${i} :p${i}`);
    });
    writes.push(
      expression(
        d.key,
        `SET #type = if_not_exists(#type, :type), #schoolId = if_not_exists(#schoolId, :schoolId), #sport = if_not_exists(#sport, :sport) ADD ${adds.join(', ')}`,
        names,
        values,
      ),
    );
  }

  const beforeMember = before?.collectiveId != null ? keys.catalogMember(before.collectiveId, before.id) : null;
  const afterMember = after?.collectiveId != null ? keys.catalogMember(after.collectiveId, after.id) : null;
  if (beforeMember && (!afterMember || !sameKey(beforeMember, afterMember))) writes.push(del(beforeMember));
  if (after && afterMember) writes.push({ put: memberItem(after.collectiveId!, after) });

  const beforeName = before ? normalizeName(before.name) : '';
  const afterName = after ? normalizeName(after.name) : '';
  if (beforeName !== afterName) {
    const id = (after ?? before)!.id;
    if (beforeName) writes.push(expression(keys.catalogName(beforeName), 'DELETE #ids :id', { '#ids': 'ids' }, { ':id': new Set([id]) }));
    if (afterName)
      writes.push(
        expression(
          keys.catalogName(afterName),
          'SET #type = :type ADD #ids :id',
          { '#type': 'type', '#ids': 'ids' },
          { ':type': 'name', ':id': new Set([id]) },
        ),
      );
  }

  // The name guard's index (decision 0026): the athlete's folded name, moved with the name.
  const beforeFold = before ? athleteFoldKey(before.name) : '';
  const afterFold = after ? athleteFoldKey(after.name) : '';
  if (beforeFold !== afterFold) {
    const id = (after ?? before)!.id;
    if (beforeFold) writes.push(expression(keys.catalogFoldedName(beforeFold), 'DELETE #ids :id', { '#ids': 'ids' }, { ':id': new Set([id]) }));
    if (afterFold)
      writes.push(
        expression(
          keys.catalogFoldedName(afterFold),
          'SET #type = :type ADD #ids :id',
          { '#type': 'type', '#ids': 'ids' },
          { ':type': 'name', ':id': new Set([id]) },
        ),
      );
  }

  writes.push(...searchBlockChanges(searchBlock, (after ?? before)!.id, after ? searchRowOf(after) : null));
  return writes;
}

/** derivedChanges as DynamoDB transaction items (for a caller that sends the transaction itself). */
export const derivedWrites = (before: Athlete | null, after: Athlete | null, searchBlock: Item | undefined): TransactItem[] =>
  derivedChanges(before, after, searchBlock).map((w) => toTransactItem(w, tableName()));

/** The profile, at the version after `version` and guarded by it (the lock of every athlete write). */
const profileWrite = (after: Athlete, version: number): Write => ({ put: athleteProfileItem(after, version + 1), condition: versionIs(version) });

function handleOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

export function buildAthlete(id: number, request: CreateAthleteRequest, school: School, agent: string, now = new Date()): Athlete {
  return {
    id,
    name: request.name,
    handle: handleOf(request.name) || `athlete${id}`,
    agent,
    sport: request.sport,
    schoolId: school.id,
    school: school.name,
    number: request.number,
    position: request.position,
    image: request.image ?? DEFAULT_ATHLETE_IMAGE,
    level: 1,
    bio: request.bio ?? '',
    stats: { year: '', height: '', weight: '', hometown: '' },
    achievements: [],
    digitalcollectibles: [],
    verified: false,
    status: 'Active',
    joinDate: now.toISOString().slice(0, 10),
  };
}

/** The catalog's reads and writes of the dashboards over a store. */
export function catalogWriter(store: Store) {
  const getItem = async (key: Key): Promise<Item | undefined> => (await store.get([key])).get(keyString(key));

  const getCollective = async (id: number) => (await getItem(keys.catalogCollective(id)))?.data as Collective | undefined;
  const getSchool = async (id: number) => (await getItem(keys.catalogSchool(id)))?.data as School | undefined;

  /** The athlete with its cards and sets, and its profile item's version as stored (the lock of
   * every athlete write, read with the data it guards): one consistent Query of its partition. */
  const readAthlete = (id: number) => readAthleteRecord(store, id);

  /** The athlete with its cards and sets (consistent). */
  const getAthleteRecord = async (id: number): Promise<Athlete | null> => (await readAthlete(id)).athlete;

  async function requireCollective(id: number): Promise<Collective> {
    const collective = await getCollective(id);
    if (!collective) throw new NotFound(`Collective ${id}`);
    return collective;
  }

  async function requireSchool(id: number): Promise<School> {
    const school = await getSchool(id);
    if (!school) throw new NotFound(`School ${id}`);
    return school;
  }

  async function requireMember(collectiveId: number, athleteId: number): Promise<Collective> {
    const collective = await requireCollective(collectiveId);
    if (!collective.members.includes(athleteId)) throw new NotFound(`Athlete ${athleteId} in collective ${collectiveId}`);
    return collective;
  }

  /** The search block an athlete's row lives in, as stored now (its version guards the write). */
  async function readSearchBlock(athleteId: number): Promise<Item | undefined> {
    return getItem(keys.searchBlock(searchBlockOf(athleteId)));
  }

  /** An athlete to edit and the version its write is guarded by (1 for a profile without one). */
  async function editableAthlete(athleteId: number): Promise<{ before: Athlete; version: number }> {
    const { athlete, version } = await readAthlete(athleteId);
    if (!athlete) throw new NotFound(`Athlete ${athleteId}`);
    return { before: athlete, version: Number(version ?? 1) };
  }

  /** A catalog write whose lock moved reads again and retries, ATTEMPTS times, then `conflict` (409). */
  const retrying = <T>(conflict: string, write: () => Promise<T>, attempts = ATTEMPTS) =>
    retryOnConflict(write, { attempts, backoff: noBackoff, onExhausted: () => new Conflict(conflict) });

  // ---- athletes -----------------------------------------------------------------------------------

  /**
   * Writes an athlete as given, with its cards, sets and product index, and brings every derived
   * item along (an upsert in one transaction, guarded by the profile's version): what tools and
   * tests use to add athletes, and what card writes can build on (read getAthleteRecord, change a
   * card, save). At most ~40 cards per call (a transaction holds 100 items).
   */
  async function saveAthlete(athlete: Athlete): Promise<void> {
    await retrying(`Athlete ${athlete.id} changed while saving; try again`, async () => {
      const read = await readAthlete(athlete.id);
      const before = read.athlete;
      const version = Number(read.version ?? 0);
      const writes: Write[] = [before ? profileWrite(athlete, version) : { put: athleteProfileItem(athlete, 1), condition: { notExists: true } }];
      const cardIds = new Set(athlete.digitalcollectibles.map((c) => c.id));
      const setIds = new Set((athlete.sets ?? []).map((s) => s.id));
      const products = new Set(athlete.digitalcollectibles.map((c) => c.shopifyProductId).filter(Boolean));
      for (const card of athlete.digitalcollectibles) writes.push({ put: cardItem(athlete.id, card) });
      for (const set of athlete.sets ?? []) writes.push({ put: setItem(athlete.id, set) });
      for (const card of athlete.digitalcollectibles) if (card.shopifyProductId) writes.push({ put: productItem(card.shopifyProductId, athlete.id, card.id) });
      for (const card of before?.digitalcollectibles ?? []) {
        if (!cardIds.has(card.id)) writes.push({ delete: keys.catalogCard(athlete.id, card.id) });
        if (card.shopifyProductId && !products.has(card.shopifyProductId)) writes.push({ delete: keys.catalogProduct(card.shopifyProductId) });
      }
      for (const set of before?.sets ?? []) if (!setIds.has(set.id)) writes.push({ delete: keys.catalogSet(athlete.id, set.id) });
      await store.transact([...writes, ...derivedChanges(before, athlete, await readSearchBlock(athlete.id))]);
      catalogWritten();
    });
  }

  /** Writes a collective's item (its members' ids); each member's profile names its collective
   * (saveAthlete with `collectiveId`), which places its member entry. */
  async function saveCollective(collective: Collective): Promise<void> {
    await store.write({ put: collectiveItem(collective) });
    catalogWritten();
  }

  /** Edits a member's name, sport, position, number or status: its profile and derived items (and,
   * given who acts, the collective's audit entry). */
  async function updateMember(collectiveId: number, athleteId: number, patch: UpdateMemberRequest, actor?: MemberActor): Promise<Athlete> {
    await requireMember(collectiveId, athleteId);
    return retrying('The athlete changed while saving; try again', async () => {
      const { before, version } = await editableAthlete(athleteId);
      const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const after: Athlete = { ...before, ...fields };
      const audit = actor ? eventWrites(memberEvent('updated', collectiveId, before, after, actor)) : [];
      await store.transact([profileWrite(after, version), ...derivedChanges(before, after, await readSearchBlock(athleteId)), ...audit]);
      catalogWritten();
      return after;
    });
  }

  /** Removes an athlete from a collective's members; the athlete stays in the catalog. */
  async function removeMember(collectiveId: number, athleteId: number, actor?: MemberActor): Promise<Collective> {
    return retrying('The collective changed while removing the athlete; try again', async () => {
      const collective = await requireMember(collectiveId, athleteId);
      const index = collective.members.indexOf(athleteId);
      const { before, version } = await editableAthlete(athleteId);
      const after: Athlete = { ...before, collectiveId: null };
      const members = { '#data': 'data', '#members': 'members' };
      await store.transact([
        // The condition pins the index we read, so a concurrent membership change retries instead of removing the wrong id.
        {
          ...expression(keys.catalogCollective(collectiveId), `REMOVE #data.#members[${index}]`, members, { ':id': athleteId }),
          condition: { expression: `#data.#members[${index}] = :id` },
        },
        profileWrite(after, version),
        ...derivedChanges(before, after, await readSearchBlock(athleteId)),
        ...(actor ? eventWrites(memberEvent('removed', collectiveId, before, null, actor)) : []),
      ]);
      catalogWritten();
      return { ...collective, members: collective.members.filter((id) => id !== athleteId) };
    });
  }

  /** New members share the agent most of the collective's first members have (the demo collective:
   * 'test', the spec's filter of the collective panel); a few profile reads, never the catalog. */
  async function agentFor(collective: Collective): Promise<string> {
    const firstKeys = collective.members.slice(0, 5).map((id) => keys.catalogAthlete(id));
    const found = await store.get(firstKeys);
    const counts = new Map<string, number>();
    for (const key of firstKeys) {
      const profile = found.get(keyString(key));
      if (profile) counts.set((profile.data as Athlete).agent, (counts.get((profile.data as Athlete).agent) ?? 0) + 1);
    }
    const [best] = [...counts.entries()].sort((x, y) => y[1] - x[1]);
    return best?.[0] ?? `collective-${collective.id}`;
  }

  /** The highest athlete id (the listing on GSI1, newest first; eventually consistent, so a
   * just-created id may be missed: the create's condition then retries with the next one). */
  async function highestAthleteId(): Promise<number> {
    const [last] = await store.queryIndex(keys.catalogAthletesListing, 1, { descending: true });
    return Number((last?.data as Athlete | undefined)?.id ?? 0);
  }

  /** Adds a new athlete profile (id = highest id + 1) at the collective's school and makes it a
   * member, with its derived items, in one transaction (with `extra` writes for the new id: an
   * accepted profile request and its account link). */
  async function createMemberAthlete(
    collectiveId: number,
    request: CreateAthleteRequest,
    extra: (athleteId: number) => Write[] = () => [],
    actor?: MemberActor,
  ): Promise<Athlete> {
    let id = 0;
    return retrying(
      'Another athlete was added at the same time; try again',
      async () => {
        const collective = await requireCollective(collectiveId);
        const school = await requireSchool(collective.schoolId);
        id = Math.max(id + 1, (await highestAthleteId()) + 1);
        const athlete: Athlete = { ...buildAthlete(id, request, school, await agentFor(collective)), collectiveId };
        const searchBlock = await readSearchBlock(id);
        await store.transact([
          { put: athleteProfileItem(athlete, 1), condition: { notExists: true } },
          {
            ...expression(
              keys.catalogCollective(collectiveId),
              'SET #data.#members = list_append(#data.#members, :new)',
              { '#data': 'data', '#members': 'members' },
              { ':new': [id], ':id': id },
            ),
            condition: { expression: 'attribute_exists(PK) AND NOT contains(#data.#members, :id)' },
          },
          ...derivedChanges(null, athlete, searchBlock),
          ...extra(id),
          ...(actor ? eventWrites(memberEvent('added', collectiveId, null, athlete, actor)) : []),
        ]);
        catalogWritten();
        return athlete;
      },
      ATTEMPTS * 2,
    );
  }

  // ---- schools ------------------------------------------------------------------------------------

  /** School colours; search results show the primary colour, so the manifest's schools version moves too.
   * Saved by a collective (`by`), it is a step of that collective's checklist (collective-milestones.ts). */
  async function setSchoolColors(schoolId: number, colors: SchoolColors, by?: { collectiveId: number; sub: string }, now = new Date()): Promise<School> {
    const school = await requireSchool(schoolId);
    try {
      await store.transact([
        ...(by ? [milestoneWrite(by.collectiveId, 'colorsSavedAt', now.toISOString(), by.sub)] : []),
        {
          ...expression(keys.catalogSchool(schoolId), 'SET #data.#colors = :colors', { '#data': 'data', '#colors': 'colors' }, { ':colors': colors }),
          condition: { exists: true },
        },
        expression(
          keys.searchManifest(),
          'SET #type = :type ADD #schools :one',
          { '#type': 'type', '#schools': 'schools' },
          { ':type': 'manifest', ':one': 1 },
        ),
      ]);
      catalogWritten();
      return { ...school, colors };
    } catch (error) {
      if (error instanceof StoreConflict) throw new NotFound(`School ${schoolId}`);
      throw error;
    }
  }

  /** The US state a school is in (its state's NIL disclosure rule applies: shared/money/state-rules.ts). */
  async function setSchoolState(schoolId: number, state: string): Promise<School> {
    const school = await requireSchool(schoolId);
    try {
      await store.transact([
        {
          ...expression(keys.catalogSchool(schoolId), 'SET #data.#state = :state', { '#data': 'data', '#state': 'state' }, { ':state': state }),
          condition: { exists: true },
        },
      ]);
      catalogWritten();
      return { ...school, state };
    } catch (error) {
      if (error instanceof StoreConflict) throw new NotFound(`School ${schoolId}`);
      throw error;
    }
  }

  async function merchOf(schoolId: number): Promise<MerchItem[]> {
    const items = await store.query(keys.catalogSchoolPartition(schoolId), LIMITS.merchPerSchool, { beginsWith: keys.catalogMerchPrefix });
    return items.map((i) => i.data as MerchItem);
  }

  /** Adds a merch item to a school (id = the school's highest merch id + 1; at most LIMITS.merchPerSchool). */
  async function createMerch(schoolId: number, request: MerchRequest): Promise<MerchItem> {
    await requireSchool(schoolId);
    return retrying('Another item was added at the same time; try again', async () => {
      const existing = await merchOf(schoolId);
      if (existing.length >= LIMITS.merchPerSchool) throw new Conflict(`A school has at most ${LIMITS.merchPerSchool} merchandise items; remove one first`);
      const id = existing.reduce((max, m) => Math.max(max, m.id), 0) + 1;
      const item: MerchItem = { id, schoolId, name: request.name, priceCents: request.priceCents, image: request.image };
      await store.write({ put: { ...keys.catalogMerch(schoolId, id), type: 'merch', data: item }, condition: { notExists: true } });
      catalogWritten();
      return item;
    });
  }

  async function updateMerch(schoolId: number, id: number, request: MerchRequest): Promise<MerchItem> {
    try {
      const after = await store.write({
        ...expression(
          keys.catalogMerch(schoolId, id),
          'SET #data.#name = :name, #data.#price = :price, #data.#image = :image',
          { '#data': 'data', '#name': 'name', '#price': 'priceCents', '#image': 'image' },
          { ':name': request.name, ':price': request.priceCents, ':image': request.image },
        ),
        condition: { exists: true },
      });
      catalogWritten();
      return after?.data as MerchItem;
    } catch (error) {
      if (error instanceof StoreConflict) throw new NotFound(`Merch item ${id} of school ${schoolId}`);
      throw error;
    }
  }

  async function removeMerch(schoolId: number, id: number): Promise<void> {
    try {
      await store.write({ delete: keys.catalogMerch(schoolId, id), condition: { exists: true } });
      catalogWritten();
    } catch (error) {
      if (error instanceof StoreConflict) throw new NotFound(`Merch item ${id} of school ${schoolId}`);
      throw error;
    }
  }

  return {
    getCollective,
    getSchool,
    getAthleteRecord,
    requireCollective,
    requireSchool,
    saveAthlete,
    saveCollective,
    updateMember,
    removeMember,
    createMemberAthlete,
    setSchoolColors,
    setSchoolState,
    createMerch,
    updateMerch,
    removeMerch,
  };
}

export type CatalogWriter = ReturnType<typeof catalogWriter>;

/** The catalog writer on the Orders table (the admin and onboarding functions, tools, tests). */
export const {
  getCollective,
  getSchool,
  getAthleteRecord,
  requireCollective,
  requireSchool,
  saveAthlete,
  saveCollective,
  updateMember,
  removeMember,
  createMemberAthlete,
  setSchoolColors,
  setSchoolState,
  createMerch,
  updateMerch,
  removeMerch,
} = catalogWriter(dynamoStore);
