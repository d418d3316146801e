// Handler tests of the dashboards' write API with a mocked DynamoDB document client.
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { handler } from '#lambdas/catalog/admin.handler';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import { blockVersionAttribute, searchBlockRows } from '#lambdas/catalog/search-writes';
import { invalidateCatalogCache } from '#lambdas/catalog/catalog-repo';
import type { Event, Result } from '#lambdas/platform/http';
import * as keys from '#lambdas/platform/keys';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { installFakeTable } from '../support/fake-table';

const ddbMock = mockClient(DynamoDBDocumentClient);
const context = {} as Context;

const COLLECTIVE_1 = { sub: 'u-collective', 'cognito:groups': '[collective]', 'custom:collectiveId': '1' };
let claims: Record<string, string> | null = COLLECTIVE_1;

function event(routeKey: string, pathParameters: Record<string, string>, body?: unknown, raw?: Buffer): Event {
  const [method, rawPath] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: {},
    pathParameters,
    body: raw ? raw.toString('base64') : body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: Boolean(raw),
    requestContext: { http: { method }, ...(claims ? { authorizer: { jwt: { claims } } } : {}) },
  } as unknown as Event;
}

async function call(routeKey: string, params: Record<string, string>, body?: unknown, raw?: Buffer): Promise<Result & { json: () => any }> {
  const result = (await handler(event(routeKey, params, body, raw), context)) as Result;
  return { ...result, json: () => JSON.parse(String(result.body)) };
}

const collective = SAMPLE_CATALOG.collectives[0];
const school = SAMPLE_CATALOG.schools.find((s) => s.id === collective.schoolId)!;
const athlete1 = SAMPLE_CATALOG.athletes[0];

/** The sample catalog's items as the table holds them (profiles, rosters, members, indexes...). */
function mockCatalogReads() {
  installFakeTable(ddbMock, catalogItems(SAMPLE_CATALOG));
}

type TxItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
const keyOf = (t: TxItems[number]) => (t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key) as { PK: string; SK: string };
/** The transaction's items by key ('PK|SK' -> the item's operation). */
function byKey(tx: TxItems): Map<string, TxItems[number]> {
  return new Map(tx.map((t) => [`${keyOf(t).PK}|${keyOf(t).SK}`, t]));
}
const k = (key: { PK: string; SK: string }) => `${key.PK}|${key.SK}`;

const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

describe('admin handler', () => {
  beforeEach(() => {
    ddbMock.reset();
    invalidateCatalogCache();
    claims = COLLECTIVE_1;
    process.env.TABLE_NAME = 'Orders';
    delete process.env.UPLOADS_BUCKET;
    delete process.env.UPLOADS_DIR;
  });

  describe('ownership', () => {
    it('answers 401 without sign-in and 403 for another collective, an athlete or another school', async () => {
      mockCatalogReads();
      claims = null;
      expect((await call('POST /api/collectives/{id}/athletes', { id: '1' }, {})).statusCode).toBe(401);
      expect((await call('POST /api/uploads', {}, { contentType: 'image/png', size: 10 })).statusCode).toBe(401);
      claims = { sub: 'u2', 'cognito:groups': '[collective]', 'custom:collectiveId': '2' };
      expect((await call('DELETE /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '2' })).statusCode).toBe(403);
      expect((await call('PUT /api/schools/{id}/colors', { id: '2' }, { primary: '#000000', secondary: '#000000', accent: '#000000' })).statusCode).toBe(403);
      claims = { sub: 'u3', 'cognito:groups': '[athlete]', 'custom:athleteId': '1' };
      expect((await call('POST /api/uploads', {}, { contentType: 'image/png', size: 10 })).statusCode).toBe(403);
      expect((await call('POST /api/schools/{id}/merch', { id: '2' }, { name: 'X', priceCents: 100, image: '/x.svg' })).statusCode).toBe(403);
      expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
      expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
      expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
    });
  });

  describe('POST /api/collectives/{id}/athletes', () => {
    it('creates the athlete with the next id at the collective school and adds it to the members in one transaction', async () => {
      mockCatalogReads();
      ddbMock.on(TransactWriteCommand).resolves({});

      const res = await call(
        'POST /api/collectives/{id}/athletes',
        { id: '1' },
        { name: ' Zoe Park ', sport: 'Soccer', position: 'Forward', number: '9', bio: 'Fast.', image: '/api/uploads/local/x.png' },
      );

      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        id: 16,
        name: 'Zoe Park',
        sport: 'Soccer',
        schoolId: school.id,
        school: school.name,
        number: '9',
        position: 'Forward',
        bio: 'Fast.',
        digitalcollectibles: [],
        agent: 'test',
        status: 'Active',
      });
      // One transaction: the profile (a new id only), the membership and every derived item.
      const tx = byKey(ddbMock.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!);
      expect(tx.get(k(keys.catalogAthlete(16)))!.Put).toMatchObject({
        Item: { type: 'athlete', version: 1, GSI1PK: 'CATALOG#ATHLETES' },
        ConditionExpression: 'attribute_not_exists(PK)',
      });
      const { PK, SK } = keys.catalogCollective(1);
      expect(tx.get(k({ PK, SK }))!.Update!.ExpressionAttributeValues).toMatchObject({ ':new': [16] });
      expect(tx.get(k(keys.catalogRoster(2, 'Soccer', '9', 'Zoe Park', 16)))!.Put!.Item).toMatchObject({
        type: 'roster',
        athleteId: 16,
        data: { name: 'Zoe Park', number: '9' },
      });
      expect(tx.get(k(keys.catalogMember(1, 16)))!.Put!.Item).toMatchObject({ type: 'member', data: { id: 16, status: 'Active', cardCount: 0 } });
      expect(tx.get(k(keys.catalogSport(2, 'Soccer')))!.Update!.ExpressionAttributeValues).toMatchObject({ ':count': 1, ':p0': 1 });
      expect(tx.get(k(keys.catalogName('zoe park')))!.Update!.UpdateExpression).toContain('ADD #ids :id');
      // The search block, rewritten with the new row, under the version it was read at.
      const block = tx.get(k(keys.searchBlock(0)))!.Put!;
      expect(block).toMatchObject({ Item: { version: 2 }, ConditionExpression: '#version = :version', ExpressionAttributeValues: { ':version': 1 } });
      expect(searchBlockRows(block.Item)).toContainEqual({ id: 16, name: 'zoe park', schoolId: 2, sport: 'Soccer', position: 'Forward', number: '9' });
      expect(tx.get(k(keys.searchManifest()))!.Update!.ExpressionAttributeNames).toMatchObject({ '#v': blockVersionAttribute(0) });
    });

    it('answers 400 naming every missing or bad field', async () => {
      const res = await call('POST /api/collectives/{id}/athletes', { id: '1' }, { sport: 'Quidditch', number: 'abc', image: 'javascript:alert(1)' });

      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['image', 'name', 'number', 'position', 'sport']);
      expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    });

    it('answers 404 for an unknown collective', async () => {
      mockCatalogReads();
      claims = { sub: 'u99', 'cognito:groups': '[collective]', 'custom:collectiveId': '99' };
      const res = await call('POST /api/collectives/{id}/athletes', { id: '99' }, { name: 'A B', sport: 'Soccer', position: 'Keeper', number: '1' });
      expect(res.statusCode).toBe(404);
    });

    it('retries with a fresh id when a concurrent create took the id', async () => {
      mockCatalogReads();
      ddbMock
        .on(TransactWriteCommand)
        .rejectsOnce(Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException' }))
        .resolves({});
      const res = await call('POST /api/collectives/{id}/athletes', { id: '1' }, { name: 'A B', sport: 'Soccer', position: 'Keeper', number: '1' });
      expect(res.statusCode).toBe(201);
      expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
    });
  });

  describe('PUT /api/collectives/{id}/athletes/{athleteId}', () => {
    it('updates only the given fields of a member, and its roster entry, member entry and search entry with it', async () => {
      mockCatalogReads();
      ddbMock.on(TransactWriteCommand).resolves({});

      const res = await call('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '1' }, { status: 'Paused', number: '12' });

      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 1, name: athlete1.name, status: 'Paused', number: '12', position: athlete1.position });
      const tx = byKey(ddbMock.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!);
      const profile = tx.get(k(keys.catalogAthlete(1)))!.Put!;
      expect(profile.Item).toMatchObject({ version: 2, data: { status: 'Paused', number: '12', name: athlete1.name } });
      expect(profile).toMatchObject({ ConditionExpression: '#version = :version', ExpressionAttributeValues: { ':version': 1 } });
      // The jersey number is part of the roster order: the old entry goes, the new one comes.
      expect(tx.get(k(keys.catalogRoster(2, 'Football', '7', athlete1.name, 1)))!.Delete).toBeDefined();
      expect(tx.get(k(keys.catalogRoster(2, 'Football', '12', athlete1.name, 1)))!.Put!.Item).toMatchObject({ data: { number: '12' } });
      expect(tx.get(k(keys.catalogMember(1, 1)))!.Put!.Item).toMatchObject({ data: { status: 'Paused', number: '12' } });
      expect(searchBlockRows(tx.get(k(keys.searchBlock(0)))!.Put!.Item).find((r) => r.id === 1)).toMatchObject({
        number: '12',
        name: athlete1.name.toLowerCase(),
      });
      // Same sport and position, same name: no count or name-index change.
      expect(tx.has(k(keys.catalogSport(2, 'Football')))).toBe(false);
      expect(tx.has(k(keys.catalogName('marcus reed')))).toBe(false);
    });

    it('moves the sport counts when the sport changes', async () => {
      mockCatalogReads();
      ddbMock.on(TransactWriteCommand).resolves({});
      const res = await call('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '3' }, { sport: 'Soccer', position: 'Striker' });
      expect(res.statusCode).toBe(200);
      const tx = byKey(ddbMock.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!);
      expect(tx.get(k(keys.catalogSport(2, 'Football')))!.Update!.ExpressionAttributeValues).toMatchObject({ ':count': -1, ':p0': -1 });
      expect(tx.get(k(keys.catalogSport(2, 'Football')))!.Update!.ExpressionAttributeNames).toMatchObject({ '#p0': 'pos:Wide Receiver' });
      expect(tx.get(k(keys.catalogSport(2, 'Soccer')))!.Update!.ExpressionAttributeValues).toMatchObject({ ':count': 1, ':p0': 1 });
    });

    it('retries on a concurrent edit of the same athlete, and gives up with 409', async () => {
      mockCatalogReads();
      ddbMock.on(TransactWriteCommand).rejects(Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException' }));
      const res = await call('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '1' }, { status: 'Paused' });
      expect(res.statusCode).toBe(409);
      expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(5);
    });

    it('keeps an existing sport outside the profile list allowed (Fishing) but rejects a bad status', async () => {
      mockCatalogReads();
      const res = await call('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '11' }, { sport: 'Fishing', status: 'Gone' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ status: 'Status must be Active or Paused' });
    });

    it('answers 404 when the athlete is not a member of the collective', async () => {
      mockCatalogReads();
      const res = await call('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '4' }, { name: 'New Name' });
      expect(res.statusCode).toBe(404);
      expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    });

    it('answers 400 for an empty edit', async () => {
      mockCatalogReads();
      const res = await call('PUT /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '1' }, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.body).toBeDefined();
    });
  });

  describe('DELETE /api/collectives/{id}/athletes/{athleteId}', () => {
    it('removes the member at its index, pinned by a condition, with its member entry; the athlete stays', async () => {
      mockCatalogReads();
      ddbMock.on(TransactWriteCommand).resolves({});

      const res = await call('DELETE /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '2' });

      expect(res.statusCode).toBe(204);
      const tx = byKey(ddbMock.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!);
      const { PK, SK } = keys.catalogCollective(1);
      const input = tx.get(k({ PK, SK }))!.Update!;
      const index = collective.members.indexOf(2);
      expect(input.UpdateExpression).toBe(`REMOVE #data.#members[${index}]`);
      expect(input.ConditionExpression).toBe(`#data.#members[${index}] = :id`);
      expect(tx.get(k(keys.catalogMember(1, 2)))!.Delete).toBeDefined();
      expect(tx.get(k(keys.catalogAthlete(2)))!.Put!.Item).toMatchObject({ data: { id: 2, collectiveId: null } });
      expect(tx.get(k(keys.catalogRoster(2, 'Basketball', '3', 'Jalen Brooks', 2)))!.Put).toBeDefined();
      expect(ddbMock.commandCalls(DeleteCommand)).toHaveLength(0);
    });

    it('answers 404 for an athlete that is not a member', async () => {
      mockCatalogReads();
      const res = await call('DELETE /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '5' });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('PUT /api/schools/{id}/colors', () => {
    it('stores upper-cased #RRGGBB colours', async () => {
      mockCatalogReads();
      ddbMock.on(TransactWriteCommand).resolves({});
      const res = await call('PUT /api/schools/{id}/colors', { id: '2' }, { primary: '#00ff00', secondary: '#FFFFFF', accent: '#000000' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 2, name: school.name, colors: { primary: '#00FF00', secondary: '#FFFFFF', accent: '#000000' } });
      const tx = byKey(ddbMock.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!);
      expect(tx.get(k(keys.catalogSchool(2)))!.Update!.ExpressionAttributeValues).toEqual({
        ':colors': { primary: '#00FF00', secondary: '#FFFFFF', accent: '#000000' },
      });
      // Search results show the primary colour: the snapshot's schools version moves.
      expect(tx.get(k(keys.searchManifest()))!.Update!.UpdateExpression).toBe('SET #type = :type ADD #schools :one');
    });

    it('answers 400 naming the bad colours', async () => {
      mockCatalogReads();
      const res = await call('PUT /api/schools/{id}/colors', { id: '2' }, { primary: 'red', secondary: '#FFF', accent: '#000000' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['primary', 'secondary']);
    });

    it("answers 403 for a school that is not the collective's", async () => {
      mockCatalogReads();
      const res = await call('PUT /api/schools/{id}/colors', { id: '9' }, { primary: '#000000', secondary: '#000000', accent: '#000000' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('merchandise routes', () => {
    it('creates an item with the next id of the school', async () => {
      mockCatalogReads();
      ddbMock.on(PutCommand).resolves({});
      const res = await call('POST /api/schools/{id}/merch', { id: '2' }, { name: 'Scarf', priceCents: 1999, image: '/images/merch/hat.svg' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: 4, schoolId: 2, name: 'Scarf', priceCents: 1999, image: '/images/merch/hat.svg' });
      expect(ddbMock).toHaveReceivedCommandWith(PutCommand, { ConditionExpression: 'attribute_not_exists(PK)' });
    });

    it('rejects a price that is not a positive whole number of cents', async () => {
      mockCatalogReads();
      const res = await call('POST /api/schools/{id}/merch', { id: '2' }, { name: '', priceCents: 10.5 });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['image', 'name', 'priceCents']);
    });

    it('updates an existing item and answers 404 for a missing one', async () => {
      mockCatalogReads();
      ddbMock
        .on(UpdateCommand)
        .resolvesOnce({ Attributes: { data: { id: 1, schoolId: 2, name: 'Cap', priceCents: 3000, image: '/x.svg' } } })
        .rejects(conditionFailed());
      const ok = await call('PUT /api/schools/{id}/merch/{merchId}', { id: '2', merchId: '1' }, { name: 'Cap', priceCents: 3000, image: '/x.svg' });
      const missing = await call('PUT /api/schools/{id}/merch/{merchId}', { id: '2', merchId: '77' }, { name: 'Cap', priceCents: 3000, image: '/x.svg' });
      expect(ok.statusCode).toBe(200);
      expect(missing.statusCode).toBe(404);
    });

    it('deletes an item, 404 when it is gone', async () => {
      mockCatalogReads();
      ddbMock.on(DeleteCommand).resolvesOnce({}).rejects(conditionFailed());
      expect((await call('DELETE /api/schools/{id}/merch/{merchId}', { id: '2', merchId: '1' })).statusCode).toBe(204);
      expect((await call('DELETE /api/schools/{id}/merch/{merchId}', { id: '2', merchId: '1' })).statusCode).toBe(404);
    });
  });

  describe('uploads', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('rejects other types and files over 10 MB before anything is stored', async () => {
      process.env.UPLOADS_DIR = dir;
      const pdf = await call('POST /api/uploads', {}, { contentType: 'application/pdf', size: 100 });
      const big = await call('POST /api/uploads', {}, { contentType: 'image/png', size: 10 * 1024 * 1024 + 1 });
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().error.fields.contentType).toBeDefined();
      expect(big.statusCode).toBe(400);
      expect(big.json().error.fields.size).toBe('The image must be 10MB or smaller');
    });

    /** PUT {uploadUrl} as the browser does: the ticket in the query, the declared Content-Type header. */
    async function put(uploadUrl: string, bytes: Buffer, contentType = 'image/png') {
      const url = new URL(uploadUrl, 'http://127.0.0.1');
      const key = url.pathname.split('/').pop()!;
      const e = event('PUT /api/uploads/local/{key}', { key }, undefined, bytes);
      const withTicket = {
        ...e,
        rawQueryString: url.search.slice(1),
        queryStringParameters: Object.fromEntries(url.searchParams),
        headers: { 'content-type': contentType },
      } as Event;
      const result = (await handler(withTicket, context)) as Result;
      return { ...result, json: () => JSON.parse(String(result.body)) };
    }

    async function ticketFor(contentType = 'image/png', size = png.length): Promise<{ uploadUrl: string; imageUrl: string; key: string }> {
      const created = await call('POST /api/uploads', {}, { contentType, size });
      expect(created.statusCode).toBe(201);
      const body = created.json();
      return { ...body, key: body.imageUrl.split('/').pop() };
    }

    it('hands out a local upload URL with a ticket, stores real PNG bytes and serves them back', async () => {
      process.env.UPLOADS_DIR = dir;
      const created = await call('POST /api/uploads', {}, { contentType: 'image/png', size: png.length });
      expect(created.statusCode).toBe(201);
      const { uploadUrl, imageUrl, method } = created.json();
      expect(method).toBe('PUT');
      expect(imageUrl).toMatch(/^\/api\/uploads\/local\/[0-9a-f-]{36}\.png$/);
      const url = new URL(uploadUrl, 'http://127.0.0.1');
      expect(url.pathname).toBe(imageUrl);
      expect(url.searchParams.get('owner')).toBe('c1');
      expect(url.searchParams.get('size')).toBe(String(png.length));
      expect(Number(url.searchParams.get('expires'))).toBeGreaterThan(Date.now() / 1000 + 290);
      expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const key = imageUrl.split('/').pop();

      const stored = await put(uploadUrl, png);
      const served = await call('GET /api/uploads/local/{key}', { key });

      expect(stored.statusCode).toBe(204);
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({ 'content-type': 'image/png' });
      expect(Buffer.from(String(served.body), 'base64').equals(png)).toBe(true);
    });

    it('refuses a PUT without a ticket or with a forged one (403), and stores nothing', async () => {
      process.env.UPLOADS_DIR = dir;
      const { uploadUrl, imageUrl, key } = await ticketFor();
      const noTicket = await put(imageUrl, png);
      expect(noTicket.statusCode).toBe(403);
      expect(noTicket.json().error.code).toBe('forbidden');
      const url = new URL(uploadUrl, 'http://127.0.0.1');
      const tampered = (name: string, value: string) => {
        const copy = new URL(url);
        copy.searchParams.set(name, value);
        return `${copy.pathname}${copy.search}`;
      };
      expect((await put(tampered('owner', 'c2'), png)).statusCode).toBe(403);
      expect((await put(tampered('owner', 'u1'), png)).statusCode).toBe(403);
      expect((await put(tampered('expires', String(Number(url.searchParams.get('expires')) + 3600)), png)).statusCode).toBe(403);
      const bigger = Buffer.concat([png, Buffer.alloc(10)]);
      expect((await put(tampered('size', String(bigger.length)), bigger)).statusCode).toBe(403);
      const signature = url.searchParams.get('signature')!;
      expect((await put(tampered('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`), png)).statusCode).toBe(403);
      expect((await put(tampered('signature', ''), png)).statusCode).toBe(403);
      // Another key's ticket does not open this key.
      const other = await ticketFor();
      expect((await put(`/api/uploads/local/${key}${new URL(other.uploadUrl, 'http://x').search}`, png)).statusCode).toBe(403);
      expect((await call('GET /api/uploads/local/{key}', { key })).statusCode).toBe(404);
    });

    it('refuses an expired ticket (403)', async () => {
      process.env.UPLOADS_DIR = dir;
      const { uploadUrl, key } = await ticketFor();
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 301_000);
      try {
        const late = await put(uploadUrl, png);
        expect(late.statusCode).toBe(403);
        expect(late.json().error.message).toMatch(/expired/);
      } finally {
        clock.mockRestore();
      }
      expect((await call('GET /api/uploads/local/{key}', { key })).statusCode).toBe(404);
    });

    it('accepts one PUT per ticket and never overwrites (409)', async () => {
      process.env.UPLOADS_DIR = dir;
      const { uploadUrl, key } = await ticketFor();
      expect((await put(uploadUrl, png)).statusCode).toBe(204);
      const other = Buffer.from(png);
      other[20] = 0x7f;
      const again = await put(uploadUrl, other);
      expect(again.statusCode).toBe(409);
      const served = await call('GET /api/uploads/local/{key}', { key });
      expect(Buffer.from(String(served.body), 'base64').equals(png)).toBe(true);
    });

    it('lets only one of two concurrent PUTs of the same ticket land', async () => {
      process.env.UPLOADS_DIR = dir;
      const { uploadUrl, key } = await ticketFor();
      const results = await Promise.all([put(uploadUrl, png), put(uploadUrl, png), put(uploadUrl, png)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([204, 409, 409]);
      expect(await readdir(dir)).toEqual([key]); // no partial files left behind
    });

    it('holds the PUT to the declared content type and size', async () => {
      process.env.UPLOADS_DIR = dir;
      const { uploadUrl } = await ticketFor();
      expect((await put(uploadUrl, png, 'image/gif')).statusCode).toBe(403);
      const short = await put(uploadUrl, png.subarray(0, png.length - 1));
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields.file).toMatch(/not the 40/);
      expect((await put(uploadUrl, png, 'image/png; charset=binary')).statusCode).toBe(204);
    });

    it('refuses bytes that are not the declared image type, and unknown keys', async () => {
      process.env.UPLOADS_DIR = dir;
      const { uploadUrl } = await ticketFor('image/gif');
      const wrong = await put(uploadUrl, png, 'image/gif');
      const traversal = await call('GET /api/uploads/local/{key}', { key: '..%2F..%2Fetc%2Fpasswd' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.file).toMatch(/not the PNG, JPG or GIF image/);
      expect(traversal.statusCode).toBe(404);
    });

    it('hands upload URLs to a linked collective, or to another account only with a verified email (a profile request image)', async () => {
      process.env.UPLOADS_DIR = dir;
      claims = { sub: 'u-unlinked', 'cognito:groups': '[collective]' };
      expect((await call('POST /api/uploads', {}, { contentType: 'image/png', size: 10 })).statusCode).toBe(403);
      claims = { sub: 'u-fan', email: 'fan@example.com', email_verified: 'false', 'cognito:groups': '[buyer]' };
      expect((await call('POST /api/uploads', {}, { contentType: 'image/png', size: 10 })).statusCode).toBe(403);
      claims = { ...claims, email_verified: 'true' };
      const created = await call('POST /api/uploads', {}, { contentType: 'image/png', size: 10 });
      expect(created.statusCode).toBe(201);
      expect(new URL(created.json().uploadUrl, 'http://x').searchParams.get('owner')).toMatch(/^u[0-9a-f]{32}$/);
    });

    it('presigns an S3 PUT covering the type and length when a bucket is configured', async () => {
      process.env.UPLOADS_BUCKET = 'my-uploads';
      process.env.AWS_REGION = 'us-east-2';
      process.env.AWS_ACCESS_KEY_ID = 'test';
      process.env.AWS_SECRET_ACCESS_KEY = 'test';
      const res = await call('POST /api/uploads', {}, { contentType: 'image/jpeg', size: 2048 });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg$/);
      const url = new URL(body.uploadUrl);
      expect(url.hostname).toContain('my-uploads');
      expect(url.pathname).toBe(body.imageUrl);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
      expect(body.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    });

    it('answers 503 when uploads are not configured', async () => {
      const res = await call('POST /api/uploads', {}, { contentType: 'image/png', size: 10 });
      expect(res.statusCode).toBe(503);
    });
  });
});
