// The age screen end to end on DynamoDB Local (issue 23): local mode's Cognito stand-in calls the
// user pool's real trigger modules, as Cognito does. A 12-year-old's sign-up is refused and leaves
// nothing anywhere: no account (not even in the stand-in's saved users), no code, no email, no log
// line, no item in the table. A 15-year-old signs up as a minor: the band (never the date) is recorded
// under their email's buyer key, and the public Top Fans list leaves them off while counting them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { CognitoError, LOCAL_CLIENT_ID, LocalCognito } from '../../scripts/local/cognito';
import { handler as preSignUp } from '#lambdas/identity/pre-sign-up.handler';
import { handler as postConfirmation } from '#lambdas/identity/post-confirmation.handler';
import { ageRecordOf, isListedPublicly, listedPublicly } from '#lambdas/identity/age-bands';
import { hashEmail } from '#lambdas/identity/buyers';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { createTestTable, type TestTable } from '../support/dynamo';
import { invoke } from '../support/invoke';

jest.setTimeout(30_000);

let table: TestTable;
let dataDir: string;
let cognito: LocalCognito;
const logs: string[] = [];
const mail: Array<{ to: string; text: string }> = [];

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
};

const signUp = (username: string, email: string, birthdate: string, band: string) =>
  cognito.call('SignUp', {
    ClientId: LOCAL_CLIENT_ID,
    Username: username,
    Password: 'secret123',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'custom:ageBand', Value: band },
    ],
    ValidationData: [{ Name: 'birthdate', Value: birthdate }],
  });

async function everyItem(): Promise<Array<Record<string, unknown>>> {
  return ((await ddb().send(new ScanCommand({ TableName: tableName() }))).Items ?? []) as Array<Record<string, unknown>>;
}

beforeAll(async () => {
  table = await createTestTable();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'age-screen-'));
  cognito = new LocalCognito({
    issuerBase: 'http://127.0.0.1/local-cognito',
    dataDir,
    log: (m) => logs.push(m),
    email: (m) => mail.push(m),
    triggers: { preSignUp: (e) => preSignUp(e), postConfirmation: (e) => postConfirmation(e) },
  });
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await table?.drop();
});

it('refuses a 12-year-old and stores nothing: no account, no code, no email, no log line, no item', async () => {
  const before = (await everyItem()).length;
  const birthdate = yearsAgo(12);
  const refused = await signUp('kid12', 'kid12@example.com', birthdate, 'minor').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(CognitoError);
  expect(refused).toMatchObject({ type: 'UserLambdaValidationException', message: 'PreSignUp failed with error Sorry, we can’t create an account for you..' });
  // A hand-made request calling the child an adult is refused too.
  await expect(signUp('kid12', 'kid12@example.com', birthdate, 'adult')).rejects.toMatchObject({ type: 'UserLambdaValidationException' });
  expect(logs).toEqual([]);
  expect(mail).toEqual([]);
  const saved = path.join(dataDir, 'users.json');
  expect(existsSync(saved) ? readFileSync(saved, 'utf8') : '').not.toMatch(/kid12/);
  const items = await everyItem();
  expect(items.length).toBe(before);
  expect(JSON.stringify(items)).not.toContain(hashEmail('kid12@example.com'));
  // The name is still free: nothing was kept of the attempt.
  expect(await signUp('kid12', 'grown.up@example.com', yearsAgo(30), 'adult')).toMatchObject({ UserConfirmed: false });
});

it('signs up a 15-year-old as a minor: the band is recorded, the date nowhere', async () => {
  const birthdate = yearsAgo(15);
  await signUp('teen15', 'Teen15@example.com', birthdate, 'minor');
  const code = /code is (\d{6})/.exec(mail.find((m) => m.to === 'teen15@example.com')!.text)![1];
  await cognito.call('ConfirmSignUp', { ClientId: LOCAL_CLIENT_ID, Username: 'teen15', ConfirmationCode: code });
  const record = await ageRecordOf(dynamoStore, hashEmail('teen15@example.com'));
  expect(record).toMatchObject({ band: 'minor', source: 'sign-up' });
  expect(isListedPublicly(record)).toBe(false);
  expect(JSON.stringify(await everyItem())).not.toContain(birthdate);
  expect(readFileSync(path.join(dataDir, 'users.json'), 'utf8')).not.toContain(birthdate);
});

it('keeps a minor off the public Top Fans list and counts them', async () => {
  const teen = hashEmail('teen15@example.com');
  const adult = hashEmail('grown.up.fan@example.com');
  const storefrontOnly = hashEmail('guest@example.com');
  await dynamoStore.transact([
    { put: { ...keys.aggTotal(7), athleteId: 7, topFanCount: 3, cards: { '1': 3 } } },
    { put: { ...keys.topFan(7, teen), athleteId: 7, buyerAlias: 'Fan TEEN15' } },
    { put: { ...keys.topFan(7, adult), athleteId: 7, buyerAlias: 'Fan ADULT1' } },
    { put: { ...keys.topFan(7, storefrontOnly), athleteId: 7, buyerAlias: 'Fan GUEST1' } },
    { put: { ...keys.personAge(adult), band: 'adult', source: 'sign-up', at: '2026-01-01T00:00:00Z' } },
  ]);
  expect([...(await listedPublicly([teen, adult, storefrontOnly]))].sort()).toEqual([adult, storefrontOnly].sort());
  const res = await invoke(athletes, 'GET /api/athletes/{id}/stats', { pathParameters: { id: '7' } });
  expect(res.status).toBe(200);
  expect(res.body.topFanCount).toBe(3);
  expect(res.body.topFans.map((f: { buyer: string }) => f.buyer).sort()).toEqual(['Fan ADULT1', 'Fan GUEST1']);
  expect(JSON.stringify(res.body)).not.toContain('TEEN15');
});
