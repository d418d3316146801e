// Local mode with real tokens from the local Cognito: the local server verifies them exactly as
// API Gateway's JWT authorizer would (signature, issuer, audience, token use, expiry, not-before,
// issued-at) before any handler. The local identity provider behaves as the stack's user pool
// client: SRP sign-in only, no user-existence errors, Cognito's lockout, SignUp attribute rules,
// and codes only in the log.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CognitoError, LOCAL_CLIENT_ID, LOCAL_POOL_ID, LocalCognito } from '../../scripts/local/cognito';
import { generateSigningKey, signJwt } from '../../scripts/local/jwt';
import { SRP_N_HEX, srpTimestamp } from '../../scripts/local/srp';
import { createLocalServer, type LocalServerOptions } from '../../scripts/local/server';
import { srpSignIn, type CognitoCall } from '../support/cognito-srp';
import { createTestTable, type TestTable } from '../support/dynamo';

jest.setTimeout(30_000);

let table: TestTable;
let server: Server;
let base: string;
let cognito: LocalCognito;
let dataDir: string;
const signingKey = generateSigningKey('test-key');
const logs: string[] = [];

const http: CognitoCall = async (operation, body) => {
  const res = await fetch(`${base}/local-cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify({ ClientId: LOCAL_CLIENT_ID, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};
const cognitoCall = http;

/** Calls a LocalCognito in-process, answering as the HTTP endpoint would. */
const direct =
  (target: LocalCognito): CognitoCall =>
  async (operation, body) => {
    try {
      return { status: 200, body: await target.call(operation, { ClientId: LOCAL_CLIENT_ID, ...body }) };
    } catch (error) {
      if (error instanceof CognitoError) return { status: 400, body: { __type: error.type, message: error.message } };
      throw error;
    }
  };

const SRP = { clientId: LOCAL_CLIENT_ID, userPoolId: LOCAL_POOL_ID };

async function signIn(username: string, password: string): Promise<string> {
  const res = await srpSignIn(http, username, password, SRP);
  expect(res.status).toBe(200);
  return res.body.AuthenticationResult.IdToken;
}

/** The last code the local log "emailed" to this address. */
function codeFor(email: string): string {
  const line = [...logs].reverse().find((l) => l.includes(` code for ${email}: `));
  if (!line) throw new Error(`no code for ${email} in the log`);
  return line.split(': ').pop()!;
}

const get = (path: string, token?: string) => fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  process.env.DEMO_MODE = 'true';
  table = await createTestTable();
  const options: LocalServerOptions = {};
  server = createLocalServer('/nonexistent', options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The identity provider signs with a key the test also holds, to forge tokens of its own.
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'local-cognito-'));
  writeFileSync(
    path.join(dataDir, 'signing-key.json'),
    JSON.stringify({ kid: signingKey.kid, privateJwk: signingKey.privateKey.export({ format: 'jwk' }), publicJwk: signingKey.publicJwk }),
  );
  cognito = new LocalCognito({ issuerBase: `${base}/local-cognito`, dataDir, tokenTtlSeconds: 2, log: (m) => logs.push(m) });
  cognito.upsertUser({ username: 'athlete', email: 'athlete@demo.local', password: 'athlete', groups: ['athlete'], attributes: { 'custom:athleteId': '1' } });
  cognito.upsertUser({
    username: 'collective',
    email: 'collective@demo.local',
    password: 'collective',
    groups: ['collective'],
    attributes: { 'custom:collectiveId': '1' },
  });
  cognito.upsertUser({ username: 'buyer', email: 'demo.fan@example.com', password: 'buyer-demo', groups: ['buyer'] });
  options.cognito = cognito;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await table.drop();
  rmSync(dataDir, { recursive: true, force: true });
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
    const foreign = await srpSignIn(direct(other), 'athlete', 'athlete', SRP);
    expect((await get('/api/athletes/1/orders', foreign.body.AuthenticationResult.IdToken)).status).toBe(401);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await get('/api/athletes/1/orders', token)).status).toBe(401);
  });

  it('refuses tokens issued in the future or not valid yet, and ID-shaped tokens that claim another use', async () => {
    const now = Math.floor(Date.now() / 1000);
    const issuer = `${base}/local-cognito/${LOCAL_POOL_ID}`;
    const idToken = (extra: Record<string, unknown>) =>
      signJwt(
        {
          sub: 's-1',
          iss: issuer,
          aud: LOCAL_CLIENT_ID,
          token_use: 'id',
          iat: now,
          exp: now + 600,
          'cognito:groups': ['athlete'],
          'custom:athleteId': '1',
          ...extra,
        },
        signingKey,
      );
    expect(await get('/api/athletes/1/orders', idToken({})).then((r) => r.status)).toBe(200); // the key is the provider's
    expect((await get('/api/athletes/1/orders', idToken({ iat: now + 3600 }))).status).toBe(401);
    expect((await get('/api/athletes/1/orders', idToken({ iat: now + 20 }))).status).toBe(200); // small clock skew
    expect((await get('/api/athletes/1/orders', idToken({ nbf: now + 3600 }))).status).toBe(401);
    expect((await get('/api/athletes/1/orders', idToken({ iat: 'yesterday' }))).status).toBe(401);
    expect((await get('/api/athletes/1/orders', idToken({ token_use: 'access' }))).status).toBe(401);
    expect((await get('/api/athletes/1/orders', idToken({ token_use: undefined }))).status).toBe(401);
  });
});

describe('local identity provider', () => {
  it('signs up with a code from the log only, refreshes and signs out', async () => {
    const signUp = await cognitoCall('SignUp', {
      Username: 'newfan',
      Password: 'goodpass1',
      UserAttributes: [{ Name: 'email', Value: 'new.fan@example.com' }],
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.CodeDeliveryDetails).toEqual({ Destination: 'n***@example.com', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    expect(JSON.stringify(signUp.body)).not.toContain(codeFor('new.fan@example.com'));
    // No way to read a code over HTTP: Cognito emails it, local mode prints it.
    expect((await get('/local-cognito/_codes?email=new.fan%40example.com')).status).toBe(404);
    expect((await srpSignIn(http, 'newfan', 'goodpass1', SRP)).body.__type).toBe('UserNotConfirmedException');
    expect((await cognitoCall('ConfirmSignUp', { Username: 'newfan', ConfirmationCode: '000000' })).body.__type).toBe('CodeMismatchException');
    expect((await cognitoCall('ConfirmSignUp', { Username: 'newfan', ConfirmationCode: codeFor('new.fan@example.com') })).status).toBe(200);
    const auth = (await srpSignIn(http, 'new.fan@example.com', 'goodpass1', SRP)).body.AuthenticationResult;
    const mine = await get('/api/me/orders', auth.IdToken);
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { items: unknown[] }).items).toEqual([]);
    const refreshed = await cognitoCall('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: auth.RefreshToken } });
    expect(refreshed.body.AuthenticationResult.IdToken).toBeDefined();
    // GlobalSignOut takes an access token, not an ID token.
    expect((await cognitoCall('GlobalSignOut', { AccessToken: refreshed.body.AuthenticationResult.IdToken })).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
    expect((await cognitoCall('GlobalSignOut', { AccessToken: refreshed.body.AuthenticationResult.AccessToken })).status).toBe(200);
    expect((await cognitoCall('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: auth.RefreshToken } })).body.__type).toBe(
      'NotAuthorizedException',
    );
  });

  it('resets a password with the emailed code; the old password stops working', async () => {
    const forgot = await cognitoCall('ForgotPassword', { Username: 'buyer' });
    expect(forgot.body.CodeDeliveryDetails.Destination).toBe('d***@example.com');
    expect(
      (await cognitoCall('ConfirmForgotPassword', { Username: 'buyer', ConfirmationCode: codeFor('demo.fan@example.com'), Password: 'newpass123' })).status,
    ).toBe(200);
    expect((await srpSignIn(http, 'buyer', 'buyer-demo', SRP)).body.__type).toBe('NotAuthorizedException');
    expect((await srpSignIn(http, 'buyer', 'newpass123', SRP)).status).toBe(200);
  });

  it('signs in only with SRP (the client allows no USER_PASSWORD_AUTH) and checks the claim', async () => {
    expect((await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'athlete', PASSWORD: 'athlete' } })).body).toEqual({
      __type: 'InvalidParameterException',
      message: 'USER_PASSWORD_AUTH flow not enabled for this client',
    });
    const started = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'athlete@demo.local', SRP_A: 'abc123' } });
    expect(started.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(started.body.ChallengeParameters).toEqual({
      SALT: expect.stringMatching(/^[0-9a-f]{32}$/),
      SECRET_BLOCK: expect.any(String),
      SRP_B: expect.stringMatching(/^[0-9a-f]+$/),
      USERNAME: 'athlete',
      USER_ID_FOR_SRP: 'athlete',
    });
    // A claim that is not the password's, a replayed secret block, A = 0 mod N, a bad timestamp.
    const forged = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: {
        USERNAME: 'athlete',
        PASSWORD_CLAIM_SECRET_BLOCK: started.body.ChallengeParameters.SECRET_BLOCK,
        TIMESTAMP: 'Tue Nov 3 08:05:09 UTC 2026',
        PASSWORD_CLAIM_SIGNATURE: Buffer.alloc(32).toString('base64'),
      },
    });
    expect(forged.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const replay = await cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: {
        USERNAME: 'athlete',
        PASSWORD_CLAIM_SECRET_BLOCK: started.body.ChallengeParameters.SECRET_BLOCK,
        TIMESTAMP: 'Tue Nov 3 08:05:09 UTC 2026',
        PASSWORD_CLAIM_SIGNATURE: 'x',
      },
    });
    expect(replay.body.__type).toBe('NotAuthorizedException');
    for (const A of ['0', SRP_N_HEX, (2n * BigInt(`0x${SRP_N_HEX}`)).toString(16)]) {
      expect((await cognitoCall('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'athlete', SRP_A: A } })).body.__type).toBe(
        'InvalidParameterException',
      );
    }
    const stale = await srpSignIn(http, 'athlete', 'athlete', { ...SRP, timestamp: 'Tue Nov 3 08:05:09 UTC 2020' });
    expect(stale.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const badFormat = await srpSignIn(http, 'athlete', 'athlete', { ...SRP, timestamp: new Date().toISOString() });
    expect(badFormat.body.__type).toBe('InvalidParameterException');
  });

  it('does not tell unknown users from wrong passwords (preventUserExistenceErrors)', async () => {
    const wrong = await srpSignIn(http, 'athlete', 'nope-nope1', SRP);
    const unknown = await srpSignIn(http, 'nobody-here', 'nope-nope1', SRP);
    expect(wrong.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(unknown).toEqual(wrong);
    // The unknown user's challenge has the same shape and a salt as stable as a real one.
    const challenge = async (name: string) =>
      (await cognitoCall('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: name, SRP_A: 'abc123' } })).body;
    const [u1, u2, r1, r2] = [await challenge('nobody-here'), await challenge('nobody-here'), await challenge('collective'), await challenge('collective')];
    expect(Object.keys(u1.ChallengeParameters).sort()).toEqual(Object.keys(r1.ChallengeParameters).sort());
    expect(u1.ChallengeParameters.SALT).toBe(u2.ChallengeParameters.SALT);
    expect(r1.ChallengeParameters.SALT).toBe(r2.ChallengeParameters.SALT);
    expect(u1.ChallengeParameters.SALT).toMatch(/^[0-9a-f]{32}$/);

    // Password recovery and confirmation answer as for a real account, and send nothing.
    const before = logs.length;
    const forgot = await cognitoCall('ForgotPassword', { Username: 'nobody-here' });
    expect(forgot.status).toBe(200);
    expect(forgot.body.CodeDeliveryDetails).toEqual({
      Destination: expect.stringMatching(/^[a-z]\*\*\*@[a-z.]+$/),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    expect((await cognitoCall('ForgotPassword', { Username: 'nobody-here' })).body).toEqual(forgot.body);
    expect((await cognitoCall('ForgotPassword', { Username: 'ghost@example.com' })).body.CodeDeliveryDetails.Destination).toBe('g***@example.com');
    expect((await cognitoCall('ResendConfirmationCode', { Username: 'nobody-here' })).status).toBe(200);
    expect(logs.length).toBe(before);
    expect((await cognitoCall('ConfirmForgotPassword', { Username: 'nobody-here', ConfirmationCode: '123456', Password: 'goodpass1' })).body.__type).toBe(
      'CodeMismatchException',
    );
    expect((await cognitoCall('ConfirmSignUp', { Username: 'nobody-here', ConfirmationCode: '123456' })).body.__type).toBe('CodeMismatchException');
  });

  it('refuses SignUp attributes outside the schema or not writable by the app client', async () => {
    const attempt = (extra: Array<{ Name: string; Value: string }>) =>
      cognitoCall('SignUp', { Username: 'sneaky', Password: 'goodpass1', UserAttributes: [{ Name: 'email', Value: 'sneaky@example.com' }, ...extra] });
    expect((await attempt([{ Name: 'custom:athleteId', Value: '1' }])).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    expect((await attempt([{ Name: 'custom:collectiveId', Value: '1' }])).body.__type).toBe('NotAuthorizedException');
    expect((await attempt([{ Name: 'email_verified', Value: 'true' }])).body.__type).toBe('NotAuthorizedException');
    const unknown = await attempt([{ Name: 'custom:role', Value: 'admin' }]);
    expect(unknown.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Attributes did not conform to the schema: custom:role: Attribute does not exist in the schema.',
    });
    expect((await attempt([{ Name: 'isAdmin', Value: 'true' }])).body.__type).toBe('InvalidParameterException');
    expect((await cognitoCall('SignUp', { Username: 'sneaky', Password: 'goodpass1', UserAttributes: 'email=x' })).body.__type).toBe(
      'InvalidParameterException',
    );
    // Nothing was created by the refused calls.
    expect((await attempt([])).status).toBe(200);
  });

  it('enforces the password policy', async () => {
    expect(
      (await cognitoCall('SignUp', { Username: 'weak', Password: 'short', UserAttributes: [{ Name: 'email', Value: 'weak@example.com' }] })).body.__type,
    ).toBe('InvalidPasswordException');
  });

  it('answers malformed requests with a Cognito error, never a 500', async () => {
    const send = (body: string) =>
      fetch(`${base}/local-cognito/`, { method: 'POST', headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' }, body });
    for (const body of ['null', '[1]', '"x"', '{not json']) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { __type: string }).__type).toBe('SerializationException');
    }
    const odd = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 42, SRP_A: ['a'] } });
    expect(odd.status).toBe(400);
    expect(odd.body.__type).toBe('InvalidParameterException');
    expect((await cognitoCall('RespondToAuthChallenge', { ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses: null })).body.__type).toBe(
      'NotAuthorizedException',
    );
  });
});

describe('lockout after failed sign-ins (Cognito: 5 free, then 2^(n-5) s)', () => {
  let clock: number;
  let idp: LocalCognito;
  let call: CognitoCall;
  beforeEach(() => {
    clock = Date.UTC(2026, 10, 3, 8, 0, 0);
    idp = new LocalCognito({ issuerBase: 'http://127.0.0.1:1/local-cognito', log: () => undefined, now: () => clock });
    idp.upsertUser({ username: 'athlete', email: 'athlete@demo.local', password: 'athlete', groups: ['athlete'] });
    call = direct(idp);
  });
  const attempt = async (username: string, password: string) =>
    (await srpSignIn(call, username, password, { ...SRP, timestamp: srpTimestamp(new Date(clock)) })).body;
  const INCORRECT = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };
  const LOCKED = { __type: 'NotAuthorizedException', message: 'Password attempts exceeded' };

  it('locks after 5 failures, even for the right password, and a sign-in after the lockout resets it', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('athlete', 'wrong')).toEqual(INCORRECT);
    expect(await attempt('athlete', 'athlete')).toEqual(LOCKED);
    clock += 999;
    expect(await attempt('athlete', 'athlete')).toEqual(LOCKED);
    clock += 1;
    expect((await attempt('athlete', 'athlete')).AuthenticationResult).toBeDefined();
    // Reset: 5 more failures before the next lockout.
    for (let i = 0; i < 5; i++) expect(await attempt('athlete', 'wrong')).toEqual(INCORRECT);
    expect(await attempt('athlete', 'wrong')).toEqual(LOCKED);
  });

  it('doubles the lockout with each further failure, not counting attempts made while locked', async () => {
    for (let i = 0; i < 5; i++) await attempt('athlete', 'wrong');
    expect(await attempt('athlete', 'wrong')).toEqual(LOCKED); // ignored: does not lengthen the lockout
    clock += 1000;
    expect(await attempt('athlete', 'wrong')).toEqual(INCORRECT); // 6th failure: 2 s
    clock += 1999;
    expect(await attempt('athlete', 'athlete')).toEqual(LOCKED);
    clock += 1;
    expect(await attempt('athlete', 'wrong')).toEqual(INCORRECT); // 7th failure: 4 s
    clock += 3999;
    expect(await attempt('athlete', 'athlete')).toEqual(LOCKED);
    clock += 1;
    expect((await attempt('athlete', 'athlete')).AuthenticationResult).toBeDefined();
  });

  it('caps the lockout at 15 minutes', async () => {
    for (let failures = 1; failures <= 15; failures++) {
      expect(await attempt('athlete', 'wrong')).toEqual(INCORRECT);
      if (failures >= 5) clock += Math.min(2 ** (failures - 5), 900) * 1000; // wait out each lockout
    }
    clock -= 1; // the 15th failure locks for 900 s, not 2^10
    expect(await attempt('athlete', 'athlete')).toEqual(LOCKED);
    clock += 1;
    expect(await attempt('athlete', 'wrong')).toEqual(INCORRECT); // 16th: 900 s again
    clock += 899_999;
    expect(await attempt('athlete', 'athlete')).toEqual(LOCKED);
    clock += 1;
    expect((await attempt('athlete', 'athlete')).AuthenticationResult).toBeDefined();
  });

  it('forgets the failures after 15 minutes without attempts', async () => {
    for (let i = 0; i < 5; i++) await attempt('athlete', 'wrong');
    clock += 15 * 60_000;
    expect(await attempt('athlete', 'wrong')).toEqual(INCORRECT); // failure 1 of a fresh count, no lockout
    expect((await attempt('athlete', 'athlete')).AuthenticationResult).toBeDefined();
  });

  it('locks unknown names the same way, so a lockout does not reveal who exists', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('nobody-here', 'wrong')).toEqual(INCORRECT);
    expect(await attempt('nobody-here', 'wrong')).toEqual(LOCKED);
  });

  it('counts sign-ins by email and by username against the same account', async () => {
    for (let i = 0; i < 3; i++) await attempt('athlete', 'wrong');
    for (let i = 0; i < 2; i++) await attempt('athlete@demo.local', 'wrong');
    expect(await attempt('athlete', 'athlete')).toEqual(LOCKED);
  });
});
