// Local mode with real tokens from the local Cognito: the local server verifies them exactly as
// API Gateway's JWT authorizer would (signature, issuer, audience, expiry) before any handler.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_CLIENT_ID, LocalCognito } from '../../scripts/local/cognito';
import { createLocalServer, type LocalServerOptions } from '../../scripts/local/server';
import { createTestTable, type TestTable } from '../support/dynamo';

jest.setTimeout(30_000);

let table: TestTable;
let server: Server;
let base: string;
let cognito: LocalCognito;

async function cognitoCall(operation: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}/local-cognito/`, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` }, body: JSON.stringify({ ClientId: LOCAL_CLIENT_ID, ...body }) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function signIn(username: string, password: string): Promise<string> {
  const res = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: username, PASSWORD: password } });
  expect(res.status).toBe(200);
  return res.body.AuthenticationResult.IdToken;
}

const get = (path: string, token?: string) => fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  process.env.DEMO_MODE = 'true';
  table = await createTestTable();
  const options: LocalServerOptions = {};
  server = createLocalServer('/nonexistent', options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  cognito = new LocalCognito({ issuerBase: `${base}/local-cognito`, tokenTtlSeconds: 2, log: () => undefined });
  cognito.upsertUser({ username: 'athlete', email: 'athlete@demo.local', password: 'athlete', groups: ['athlete'], attributes: { 'custom:athleteId': '1' } });
  cognito.upsertUser({ username: 'collective', email: 'collective@demo.local', password: 'collective', groups: ['collective'], attributes: { 'custom:collectiveId': '1' } });
  options.cognito = cognito;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await table.drop();
});

describe('local authorizer', () => {
  it('refuses protected routes without a token and serves the owner with one', async () => {
    expect((await get('/api/athletes/1/orders')).status).toBe(401);
    const token = await signIn('athlete', 'athlete');
    expect((await get('/api/athletes/1/orders', token)).status).toBe(200);
    expect((await get('/api/athletes/2/orders', token)).status).toBe(403);
    expect((await get('/api/collectives/1/stats', token)).status).toBe(403);
    const collective = await signIn('collective', 'collective');
    expect((await get('/api/collectives/1/stats', collective)).status).toBe(200);
    expect((await get('/api/athletes/2/orders', collective)).status).toBe(200); // a member
    expect((await get('/api/athletes/4/orders', collective)).status).toBe(403); // not a member
  });

  it('keeps the demo readable without an account', async () => {
    expect((await get('/api/demo/collectives/1/stats')).status).toBe(200);
    expect((await get('/api/catalog')).status).toBe(200);
  });

  it('rejects tampered, foreign and expired tokens', async () => {
    const token = await signIn('athlete', 'athlete');
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, 'custom:athleteId': '2' })).toString('base64url')}.${s}`;
    expect((await get('/api/athletes/2/orders', forged)).status).toBe(401);
    const other = new LocalCognito({ issuerBase: `${base}/local-cognito`, log: () => undefined });
    other.upsertUser({ username: 'athlete', email: 'a@x.local', password: 'athlete', groups: ['athlete'], attributes: { 'custom:athleteId': '1' } });
    const foreign = other.call('InitiateAuth', { ClientId: LOCAL_CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'athlete', PASSWORD: 'athlete' } }) as any;
    expect((await get('/api/athletes/1/orders', foreign.AuthenticationResult.IdToken)).status).toBe(401);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await get('/api/athletes/1/orders', token)).status).toBe(401);
  });

  it('signs up with an email code, refreshes and signs out', async () => {
    const signUp = await cognitoCall('SignUp', { Username: 'newfan', Password: 'goodpass1', UserAttributes: [{ Name: 'email', Value: 'new.fan@example.com' }] });
    expect(signUp.status).toBe(200);
    expect((await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'newfan', PASSWORD: 'goodpass1' } })).body.__type).toBe('UserNotConfirmedException');
    expect((await cognitoCall('ConfirmSignUp', { Username: 'newfan', ConfirmationCode: '000000' })).body.__type).toBe('CodeMismatchException');
    expect((await cognitoCall('ConfirmSignUp', { Username: 'newfan', ConfirmationCode: cognito.lastCode('new.fan@example.com') })).status).toBe(200);
    const auth = (await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'new.fan@example.com', PASSWORD: 'goodpass1' } })).body.AuthenticationResult;
    const mine = await get('/api/me/orders', auth.IdToken);
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { items: unknown[] }).items).toEqual([]);
    const refreshed = await cognitoCall('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: auth.RefreshToken } });
    expect(refreshed.body.AuthenticationResult.IdToken).toBeDefined();
    expect((await cognitoCall('GlobalSignOut', { AccessToken: refreshed.body.AuthenticationResult.AccessToken })).status).toBe(200);
    expect((await cognitoCall('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: auth.RefreshToken } })).body.__type).toBe('NotAuthorizedException');
  });

  it('enforces the password policy and wrong passwords', async () => {
    expect((await cognitoCall('SignUp', { Username: 'weak', Password: 'short', UserAttributes: [{ Name: 'email', Value: 'weak@example.com' }] })).body.__type).toBe('InvalidPasswordException');
    expect((await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'athlete', PASSWORD: 'nope' } })).body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });
});
