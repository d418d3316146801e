// Catalog writes of the dashboards: collective membership and member profiles, new athlete
// profiles, school colours and merchandise. Each write is a single conditional item write (or one
// transaction) so concurrent edits never lose an update; keys come from keys.ts only.
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CreateAthleteRequest, MerchRequest, UpdateMemberRequest } from '../../shared/admin-api';
import type { Athlete, Collective, MerchItem, School, SchoolColors } from '../../shared/catalog-types';
import { invalidateCatalogCache, loadCatalog } from './catalog-repo';
import { ddb, tableName } from './dynamodb';
import { Conflict, NotFound } from './errors';
import * as keys from './keys';

/** The image new profiles get until one is uploaded (the web falls back to it too). */
export const DEFAULT_ATHLETE_IMAGE = '/images/logo.svg';
const ATTEMPTS = 5;

const pk = (k: { PK: string; SK: string }) => ({ PK: k.PK, SK: k.SK });

function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

async function getData<T>(key: { PK: string; SK: string }): Promise<T | undefined> {
  const result = await ddb().send(new GetCommand({ TableName: tableName(), Key: pk(key), ConsistentRead: true }));
  return result.Item?.data as T | undefined;
}

export const getCollective = (id: number) => getData<Collective>(keys.catalogCollective(id));
export const getAthlete = (id: number) => getData<Athlete>(keys.catalogAthlete(id));
export const getSchool = (id: number) => getData<School>(keys.catalogSchool(id));

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

/** Edits a member's name, sport, position, number or status (the athlete item itself). */
export async function updateMember(collectiveId: number, athleteId: number, patch: UpdateMemberRequest): Promise<Athlete> {
  await requireMember(collectiveId, athleteId);
  const names: Record<string, string> = { '#data': 'data' };
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#data.#${field} = :${field}`);
  }
  try {
    const result = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pk(keys.catalogAthlete(athleteId)),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    invalidateCatalogCache();
    return result.Attributes?.data as Athlete;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`Athlete ${athleteId}`);
    throw error;
  }
}

/** Removes an athlete from a collective's members; the athlete stays in the catalog. */
export async function removeMember(collectiveId: number, athleteId: number): Promise<Collective> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const collective = await requireMember(collectiveId, athleteId);
    const index = collective.members.indexOf(athleteId);
    try {
      // The condition pins the index we read, so a concurrent membership change retries instead of removing the wrong id.
      const result = await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: pk(keys.catalogCollective(collectiveId)),
          UpdateExpression: `REMOVE #data.#members[${index}]`,
          ConditionExpression: `#data.#members[${index}] = :id`,
          ExpressionAttributeNames: { '#data': 'data', '#members': 'members' },
          ExpressionAttributeValues: { ':id': athleteId },
          ReturnValues: 'ALL_NEW',
        }),
      );
      invalidateCatalogCache();
      return result.Attributes?.data as Collective;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Conflict('The collective changed while removing the athlete; try again');
}

function handleOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** New members share the agent most of the collective's members have (the demo collective: 'test'). */
function agentFor(collective: Collective, athletes: Athlete[]): string {
  const counts = new Map<string, number>();
  for (const a of athletes) if (collective.members.includes(a.id)) counts.set(a.agent, (counts.get(a.agent) ?? 0) + 1);
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

/** Adds a new athlete profile (id = highest id + 1) at the collective's school and makes it a member, in one transaction. */
export async function createMemberAthlete(collectiveId: number, request: CreateAthleteRequest): Promise<Athlete> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const collective = await requireCollective(collectiveId);
    const school = await requireSchool(collective.schoolId);
    const catalog = await loadCatalog({ fresh: true });
    const id = catalog.athletes.reduce((max, a) => Math.max(max, a.id), 0) + 1;
    const athlete = buildAthlete(id, request, school, agentFor(collective, catalog.athletes));
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: { ...keys.catalogAthlete(id), type: 'athlete', data: athlete }, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: tableName(),
                Key: pk(keys.catalogCollective(collectiveId)),
                UpdateExpression: 'SET #data.#members = list_append(#data.#members, :new)',
                ConditionExpression: 'attribute_exists(PK) AND NOT contains(#data.#members, :id)',
                ExpressionAttributeNames: { '#data': 'data', '#members': 'members' },
                ExpressionAttributeValues: { ':new': [id], ':id': id },
              },
            },
          ],
        }),
      );
      invalidateCatalogCache();
      return athlete;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Conflict('Another athlete was added at the same time; try again');
}

export async function setSchoolColors(schoolId: number, colors: SchoolColors): Promise<School> {
  try {
    const result = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pk(keys.catalogSchool(schoolId)),
        UpdateExpression: 'SET #data.#colors = :colors',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#data': 'data', '#colors': 'colors' },
        ExpressionAttributeValues: { ':colors': colors },
        ReturnValues: 'ALL_NEW',
      }),
    );
    invalidateCatalogCache();
    return result.Attributes?.data as School;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`School ${schoolId}`);
    throw error;
  }
}

/** Adds a merch item to a school (id = the school's highest merch id + 1). */
export async function createMerch(schoolId: number, request: MerchRequest): Promise<MerchItem> {
  await requireSchool(schoolId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const catalog = await loadCatalog({ fresh: true });
    const id = catalog.merch.filter((m) => m.schoolId === schoolId).reduce((max, m) => Math.max(max, m.id), 0) + 1;
    const item: MerchItem = { id, schoolId, name: request.name, priceCents: request.priceCents, image: request.image };
    try {
      await ddb().send(
        new PutCommand({ TableName: tableName(), Item: { ...keys.catalogMerch(schoolId, id), type: 'merch', data: item }, ConditionExpression: 'attribute_not_exists(PK)' }),
      );
      invalidateCatalogCache();
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
    invalidateCatalogCache();
    return result.Attributes?.data as MerchItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`Merch item ${id} of school ${schoolId}`);
    throw error;
  }
}

export async function removeMerch(schoolId: number, id: number): Promise<void> {
  try {
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: pk(keys.catalogMerch(schoolId, id)), ConditionExpression: 'attribute_exists(PK)' }));
    invalidateCatalogCache();
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFound(`Merch item ${id} of school ${schoolId}`);
    throw error;
  }
}
