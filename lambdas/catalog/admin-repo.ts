// Catalog writes of the dashboards: collective membership and member profiles, new athlete
// profiles, school colours and merchandise. Each write is one transaction over the entity's item
// and every item derived from it (roster entry and sport counts, member entry, name index, search
// snapshot chunk and its manifest; catalog-items.ts), guarded by the profile's version, so
// concurrent edits never lose an update and derived items never drift. No write reads the whole
// catalog; reads here are consistent. Keys come from keys.ts only.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CreateAthleteRequest, MerchRequest, UpdateMemberRequest } from '#shared/catalog/admin-api';
import type { Athlete, Collective, MerchItem, School, SchoolColors } from '#shared/catalog/catalog-types';
import {
  athleteProfileItem,
  cardItem,
  chunkVersionAttribute,
  collectiveItem,
  memberItem,
  normalizeName,
  POSITION_ATTRIBUTE_PREFIX,
  productItem,
  rosterItem,
  rosterKey,
  searchEntry,
  setItem,
} from './catalog-items';
import type { Item } from './catalog-items';
import { catalogWritten } from '#lambdas/platform/cache-policy';
import { LIMITS, getAthlete } from './catalog-repo';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { Conflict, NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';

/** The image new profiles get until one is uploaded (the web falls back to it too). */
export const DEFAULT_ATHLETE_IMAGE = '/images/logo.svg';
const ATTEMPTS = 5;

export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const pk = (k: { PK: string; SK: string }) => ({ PK: k.PK, SK: k.SK });

function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException' || name === 'TransactionConflictException';
}

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: pk(key), ConsistentRead: true }))).Item;
}

export const getCollective = async (id: number) => (await getItem(keys.catalogCollective(id)))?.data as Collective | undefined;
export const getSchool = async (id: number) => (await getItem(keys.catalogSchool(id)))?.data as School | undefined;
/** The athlete with its cards and sets (consistent). */
export const getAthleteRecord = (id: number) => getAthlete(id, { consistent: true });

export async function requireCollective(id: number): Promise<Collective> {
  const collective = await getCollective(id);
  if (!collective) throw new NotFound(`Collective ${id}`);
  return collective;
}

export async function requireSchool(id: number): Promise<School> {
  const school = await getSchool(id);
  if (!school) throw new NotFound(`School ${id}`);
  return school;
}

async function requireMember(collectiveId: number, athleteId: number): Promise<Collective> {
  const collective = await requireCollective(collectiveId);
  if (!collective.members.includes(athleteId)) throw new NotFound(`Athlete ${athleteId} in collective ${collectiveId}`);
  return collective;
}

// ---- derived items --------------------------------------------------------------------------------

function update(
  key: { PK: string; SK: string },
  expression: string,
  names: Record<string, string>,
  values?: Record<string, unknown>,
  condition?: string,
): TxItem {
  return {
    Update: {
      TableName: tableName(),
      Key: pk(key),
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ...(values && Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      ...(condition ? { ConditionExpression: condition } : {}),
    },
  };
}

/** The writes that bring an athlete's derived items from `before` to `after` (null: absent):
 * roster entry, sport counts, member entry, name index, search snapshot entry and its version. */
export function derivedWrites(before: Athlete | null, after: Athlete | null): TxItem[] {
  const writes: TxItem[] = [];
  const put = (Item: Item): TxItem => ({ Put: { TableName: tableName(), Item } });
  const del = (key: { PK: string; SK: string }): TxItem => ({ Delete: { TableName: tableName(), Key: pk(key) } });
  const sameKey = (a: { PK: string; SK: string }, b: { PK: string; SK: string }) => a.PK === b.PK && a.SK === b.SK;

  if (before && (!after || !sameKey(rosterKey(before), rosterKey(after)))) writes.push(del(rosterKey(before)));
  if (after) writes.push(put(rosterItem(after)));

  // Sport counts: -1 where the athlete was, +1 where it is (one update per sport item).
  const deltas = new Map<string, { key: { PK: string; SK: string }; schoolId: number; sport: string; count: number; positions: Map<string, number> }>();
  const count = (a: Athlete, sign: 1 | -1) => {
    const key = keys.catalogSport(a.schoolId, a.sport);
    const d = deltas.get(`${key.PK}|${key.SK}`) ?? { key, schoolId: a.schoolId, sport: a.sport, count: 0, positions: new Map<string, number>() };
    deltas.set(`${key.PK}|${key.SK}`, d);
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
      update(
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
  if (after && afterMember) writes.push(put(memberItem(after.collectiveId!, after)));

  const beforeName = before ? normalizeName(before.name) : '';
  const afterName = after ? normalizeName(after.name) : '';
  if (beforeName !== afterName) {
    const id = (after ?? before)!.id;
    if (beforeName) writes.push(update(keys.catalogName(beforeName), 'DELETE #ids :id', { '#ids': 'ids' }, { ':id': new Set([id]) }));
    if (afterName)
      writes.push(
        update(keys.catalogName(afterName), 'SET #type = :type ADD #ids :id', { '#type': 'type', '#ids': 'ids' }, { ':type': 'name', ':id': new Set([id]) }),
      );
  }

  const subject = (after ?? before)!;
  const chunk = keys.searchChunkOf(subject.id);
  writes.push(
    after
      ? update(keys.searchChunk(chunk), 'SET #entries.#id = :entry', { '#entries': 'entries', '#id': String(after.id) }, { ':entry': searchEntry(after) })
      : update(keys.searchChunk(chunk), 'REMOVE #entries.#id', { '#entries': 'entries', '#id': String(subject.id) }),
    update(keys.searchManifest(), 'SET #type = :type ADD #v :one', { '#type': 'type', '#v': chunkVersionAttribute(chunk) }, { ':type': 'manifest', ':one': 1 }),
  );
  return writes;
}

/** A search chunk item must exist before an entry can be set inside it (a map path needs its map). */
async function ensureSearchChunk(athleteId: number): Promise<void> {
  const chunk = keys.searchChunkOf(athleteId);
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.searchChunk(chunk), type: 'search', chunk, entries: {} },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** The profile's version (the optimistic lock of every athlete write). */
async function profileVersion(athleteId: number): Promise<number> {
  const item = await getItem(keys.catalogAthlete(athleteId));
  if (!item) throw new NotFound(`Athlete ${athleteId}`);
  return Number(item.version ?? 1);
}

function profileWrite(after: Athlete, version: number): TxItem {
  return {
    Put: {
      TableName: tableName(),
      Item: athleteProfileItem(after, version + 1),
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': version },
    },
  };
}

// ---- athletes -------------------------------------------------------------------------------------

/**
 * Writes an athlete as given, with its cards, sets and product index, and brings every derived
 * item along (an upsert in one transaction, guarded by the profile's version): what tools and
 * tests use to add athletes, and what card writes can build on (read getAthleteRecord, change a
 * card, save). At most ~40 cards per call (a transaction holds 100 items).
 */
export async function saveAthlete(athlete: Athlete): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [before, item] = await Promise.all([getAthleteRecord(athlete.id), getItem(keys.catalogAthlete(athlete.id))]);
    const version = Number(item?.version ?? 0);
    const writes: TxItem[] = [
      before
        ? profileWrite(athlete, version)
        : { Put: { TableName: tableName(), Item: athleteProfileItem(athlete, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
    ];
    const cardIds = new Set(athlete.digitalcollectibles.map((c) => c.id));
    const setIds = new Set((athlete.sets ?? []).map((s) => s.id));
    const products = new Set(athlete.digitalcollectibles.map((c) => c.shopifyProductId).filter(Boolean));
    for (const card of athlete.digitalcollectibles) writes.push({ Put: { TableName: tableName(), Item: cardItem(athlete.id, card) } });
    for (const set of athlete.sets ?? []) writes.push({ Put: { TableName: tableName(), Item: setItem(athlete.id, set) } });
    for (const card of athlete.digitalcollectibles)
      if (card.shopifyProductId) writes.push({ Put: { TableName: tableName(), Item: productItem(card.shopifyProductId, athlete.id, card.id) } });
    for (const card of before?.digitalcollectibles ?? []) {
      if (!cardIds.has(card.id)) writes.push({ Delete: { TableName: tableName(), Key: pk(keys.catalogCard(athlete.id, card.id)) } });
      if (card.shopifyProductId && !products.has(card.shopifyProductId))
        writes.push({ Delete: { TableName: tableName(), Key: pk(keys.catalogProduct(card.shopifyProductId)) } });
    }
    for (const set of before?.sets ?? [])
      if (!setIds.has(set.id)) writes.push({ Delete: { TableName: tableName(), Key: pk(keys.catalogSet(athlete.id, set.id)) } });
    await ensureSearchChunk(athlete.id);
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: [...writes, ...derivedWrites(before, athlete)] }));
      catalogWritten();
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Conflict(`Athlete ${athlete.id} changed while saving; try again`);
}

/** Writes a collective's item (its members' ids); each member's profile names its collective
 * (saveAthlete with `collectiveId`), which places its member entry. */
export async function saveCollective(collective: Collective): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: collectiveItem(collective) }));
  catalogWritten();
}

/** Edits a member's name, sport, position, number or status: its profile and derived items. */
export async function updateMember(collectiveId: number, athleteId: number, patch: UpdateMemberRequest): Promise<Athlete> {
  await requireMember(collectiveId, athleteId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [before, version] = await Promise.all([getAthleteRecord(athleteId), profileVersion(athleteId)]);
    if (!before) throw new NotFound(`Athlete ${athleteId}`);
    const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const after: Athlete = { ...before, ...fields };
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: [profileWrite(after, version), ...derivedWrites(before, after)] }));
      catalogWritten();
      return after;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Conflict('The athlete changed while saving; try again');
}

/** Removes an athlete from a collective's members; the athlete stays in the catalog. */
export async function removeMember(collectiveId: number, athleteId: number): Promise<Collective> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const collective = await requireMember(collectiveId, athleteId);
    const index = collective.members.indexOf(athleteId);
    const [before, version] = await Promise.all([getAthleteRecord(athleteId), profileVersion(athleteId)]);
    if (!before) throw new NotFound(`Athlete ${athleteId}`);
    const after: Athlete = { ...before, collectiveId: null };
    try {
      // The condition pins the index we read, so a concurrent membership change retries instead of removing the wrong id.
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            update(
              keys.catalogCollective(collectiveId),
              `REMOVE #data.#members[${index}]`,
              { '#data': 'data', '#members': 'members' },
              { ':id': athleteId },
              `#data.#members[${index}] = :id`,
            ),
            profileWrite(after, version),
            ...derivedWrites(before, after),
          ],
        }),
      );
      catalogWritten();
      return { ...collective, members: collective.members.filter((id) => id !== athleteId) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Conflict('The collective changed while removing the athlete; try again');
}

function handleOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** New members share the agent most of the collective's first members have (the demo collective:
 * 'test', the spec's filter of the collective panel); a few profile reads, never the catalog. */
async function agentFor(collective: Collective): Promise<string> {
  const profiles = await Promise.all(collective.members.slice(0, 5).map((id) => getItem(keys.catalogAthlete(id))));
  const counts = new Map<string, number>();
  for (const p of profiles) if (p) counts.set((p.data as Athlete).agent, (counts.get((p.data as Athlete).agent) ?? 0) + 1);
  const [best] = [...counts.entries()].sort((x, y) => y[1] - x[1]);
  return best?.[0] ?? `collective-${collective.id}`;
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

/** The highest athlete id (the listing on GSI1, newest first; eventually consistent, so a
 * just-created id may be missed: the create's condition then retries with the next one). */
async function highestAthleteId(): Promise<number> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: keys.GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.catalogAthletesListing },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return Number((page.Items?.[0]?.data as Athlete | undefined)?.id ?? 0);
}

/** Adds a new athlete profile (id = highest id + 1) at the collective's school and makes it a
 * member, with its derived items, in one transaction (with `extra` writes for the new id: an
 * accepted profile request and its account link). */
export async function createMemberAthlete(
  collectiveId: number,
  request: CreateAthleteRequest,
  extra: (athleteId: number) => TxItem[] = () => [],
): Promise<Athlete> {
  let id = 0;
  for (let attempt = 0; attempt < ATTEMPTS * 2; attempt++) {
    const collective = await requireCollective(collectiveId);
    const school = await requireSchool(collective.schoolId);
    id = Math.max(id + 1, (await highestAthleteId()) + 1);
    const athlete: Athlete = { ...buildAthlete(id, request, school, await agentFor(collective)), collectiveId };
    await ensureSearchChunk(id);
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: athleteProfileItem(athlete, 1), ConditionExpression: 'attribute_not_exists(PK)' } },
            update(
              keys.catalogCollective(collectiveId),
              'SET #data.#members = list_append(#data.#members, :new)',
              { '#data': 'data', '#members': 'members' },
              { ':new': [id], ':id': id },
              'attribute_exists(PK) AND NOT contains(#data.#members, :id)',
            ),
            ...derivedWrites(null, athlete),
            ...extra(id),
          ],
        }),
      );
      catalogWritten();
      return athlete;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Conflict('Another athlete was added at the same time; try again');
}

// ---- schools ----------------------------------------------------------------------------------------

/** School colours; search results show the primary colour, so the snapshot's schools version moves too. */
export async function setSchoolColors(schoolId: number, colors: SchoolColors): Promise<School> {
  const school = await requireSchool(schoolId);
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          update(
            keys.catalogSchool(schoolId),
            'SET #data.#colors = :colors',
            { '#data': 'data', '#colors': 'colors' },
            { ':colors': colors },
            'attribute_exists(PK)',
          ),
          update(keys.searchManifest(), 'SET #type = :type ADD #schools :one', { '#type': 'type', '#schools': 'schools' }, { ':type': 'manifest', ':one': 1 }),
        ],
      }),
    );
    catalogWritten();
    return { ...school, colors };
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`School ${schoolId}`);
    throw error;
  }
}

async function merchOf(schoolId: number): Promise<MerchItem[]> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.catalogSchoolPartition(schoolId), ':prefix': keys.catalogMerchPrefix },
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []).map((i) => i.data as MerchItem);
}

/** Adds a merch item to a school (id = the school's highest merch id + 1; at most LIMITS.merchPerSchool). */
export async function createMerch(schoolId: number, request: MerchRequest): Promise<MerchItem> {
  await requireSchool(schoolId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const existing = await merchOf(schoolId);
    if (existing.length >= LIMITS.merchPerSchool) throw new Conflict(`A school has at most ${LIMITS.merchPerSchool} merchandise items; remove one first`);
    const id = existing.reduce((max, m) => Math.max(max, m.id), 0) + 1;
    const item: MerchItem = { id, schoolId, name: request.name, priceCents: request.priceCents, image: request.image };
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.catalogMerch(schoolId, id), type: 'merch', data: item },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      catalogWritten();
      return item;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Conflict('Another item was added at the same time; try again');
}

export async function updateMerch(schoolId: number, id: number, request: MerchRequest): Promise<MerchItem> {
  try {
    const result = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pk(keys.catalogMerch(schoolId, id)),
        UpdateExpression: 'SET #data.#name = :name, #data.#price = :price, #data.#image = :image',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#data': 'data', '#name': 'name', '#price': 'priceCents', '#image': 'image' },
        ExpressionAttributeValues: { ':name': request.name, ':price': request.priceCents, ':image': request.image },
        ReturnValues: 'ALL_NEW',
      }),
    );
    catalogWritten();
    return result.Attributes?.data as MerchItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`Merch item ${id} of school ${schoolId}`);
    throw error;
  }
}

export async function removeMerch(schoolId: number, id: number): Promise<void> {
  try {
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: pk(keys.catalogMerch(schoolId, id)), ConditionExpression: 'attribute_exists(PK)' }));
    catalogWritten();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`Merch item ${id} of school ${schoolId}`);
    throw error;
  }
}
