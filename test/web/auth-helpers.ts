// A fake Cognito for component tests: answers /config.json and the user-pool JSON API (the calls
// the web app makes) from an in-memory user list, with unsigned JWTs carrying Cognito's claims,
// through the harness's fetch fake (harness.tsx), which answers everything else with `api`.
// Sign-in is real SRP: the server side of the local identity provider (scripts/local/srp.ts)
// checks the web client's password claim.
import { resetRuntimeConfig } from '@/lib/runtime-config';
import { screenAge } from '@shared/platform/age';
import { resetSessionForTests, SESSION_KEY } from '@/lib/auth/session-store';
import { claimSignature, createVerifier, poolNameOf, serverB, serverKey } from '../../scripts/local/srp';
import { catalogHandler, fakeApi, fakeJwt, type ApiHandler, type FakeResponse } from './harness';

export const ENDPOINT = 'http://127.0.0.1:3999/local-cognito/';
export const CONFIG = {
  auth: { region: 'us-east-2', userPoolId: 'us-east-2_LocalPool', clientId: 'localwebclient', endpoint: ENDPOINT, googleEnabled: false },
  demo: { athleteId: 1, collectiveId: 1 },
};

export interface FakeUser {
  username: string;
  email: string;
  password: string;
  confirmed?: boolean;
  groups?: string[];
  attributes?: Record<string, string>;
}

export interface FakeCognito {
  users: FakeUser[];
  calls: Array<{ op: string; body: Record<string, unknown> }>;
  /** The next call of `op` fails with this Cognito error type. */
  failNext: Record<string, string>;
  codes: Map<string, string>;
  ttlSeconds: number;
  api: jest.Mock;
  /** The fake's clock for the age screen (default: the real one). */
  now?: () => number;
}

export const DEMO_USERS: FakeUser[] = [
  { username: 'athlete', email: 'athlete@example.com', password: 'athlete', groups: ['athlete'], attributes: { 'custom:athleteId': '1' } },
  { username: 'collective', email: 'collective@example.com', password: 'collective', groups: ['collective'], attributes: { 'custom:collectiveId': '1' } },
  { username: 'buyer', email: 'demo.fan@example.com', password: 'buyer-demo', groups: ['buyer'] },
];

const ok = (body: unknown): FakeResponse => ({ body });
const fail = (type: string, message = type): FakeResponse => ({ status: 400, body: { __type: type, message } });

/** Installs fetch: /config.json, the fake Cognito, then `api` (default: the catalog handler). */
export function installFakeCognito({
  users = DEMO_USERS,
  api = catalogHandler,
  config = CONFIG as unknown,
}: { users?: FakeUser[]; api?: ApiHandler; config?: unknown } = {}): FakeCognito {
  const fake: FakeCognito = {
    users: users.map((u) => ({ confirmed: true, ...u })),
    calls: [],
    failNext: {},
    codes: new Map(),
    ttlSeconds: 3600,
    api: jest.fn(),
  };
  let serial = 0;
  const poolName = poolNameOf(String((config as { auth?: { userPoolId?: string } } | null)?.auth?.userPoolId ?? 'us-east-2_LocalPool'));
  const challenges = new Map<string, { user?: FakeUser; verifier: string; A: bigint; B: bigint; b: bigint; userIdForSrp: string }>();
  const find = (name: unknown) => fake.users.find((u) => u.username === String(name).toLowerCase() || u.email === String(name).toLowerCase());
  const tokens = (user: FakeUser, withRefresh = true) => {
    serial += 1;
    const now = Math.floor(Date.now() / 1000);
    const sub = `sub-${user.username}`;
    return {
      AuthenticationResult: {
        IdToken: fakeJwt({
          sub,
          exp: now + fake.ttlSeconds,
          email: user.email,
          email_verified: true,
          'cognito:username': user.username,
          'cognito:groups': user.groups ?? ['buyer'],
          n: serial,
          ...user.attributes,
        }),
        AccessToken: fakeJwt({ sub, exp: now + fake.ttlSeconds, username: user.username, n: serial }),
        ...(withRefresh ? { RefreshToken: `refresh-${user.username}` } : {}),
        ExpiresIn: fake.ttlSeconds,
      },
    };
  };
  const cognito = (op: string, body: Record<string, unknown>): FakeResponse => {
    fake.calls.push({ op, body });
    const forced = fake.failNext[op];
    if (forced) {
      delete fake.failNext[op];
      return fail(forced, forced === 'NotAuthorizedException' ? 'Incorrect username or password.' : `${forced} (forced)`);
    }
    const params = (body.AuthParameters ?? {}) as Record<string, string>;
    switch (op) {
      case 'InitiateAuth': {
        if (body.AuthFlow === 'REFRESH_TOKEN_AUTH') {
          const user = fake.users.find((u) => `refresh-${u.username}` === params.REFRESH_TOKEN);
          return user ? ok(tokens(user, false)) : fail('NotAuthorizedException', 'Invalid Refresh Token');
        }
        if (body.AuthFlow !== 'USER_SRP_AUTH') return fail('InvalidParameterException', `${String(body.AuthFlow)} flow not enabled for this client`);
        const user = find(params.USERNAME);
        const userIdForSrp = user?.username ?? String(params.USERNAME);
        // Unknown users get a challenge too (preventUserExistenceErrors); it can only fail.
        const { salt, verifier } = createVerifier(poolName, userIdForSrp, user?.password ?? `no-such-user-${Math.random()}`);
        const { b, B } = serverB(verifier);
        const secretBlock = Buffer.from(`block-${serial}-${Math.random()}`).toString('base64');
        challenges.set(secretBlock, { user, verifier, A: BigInt(`0x${params.SRP_A}`), B, b, userIdForSrp });
        return ok({
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeParameters: { SALT: salt, SRP_B: B.toString(16), SECRET_BLOCK: secretBlock, USERNAME: userIdForSrp, USER_ID_FOR_SRP: userIdForSrp },
        });
      }
      case 'RespondToAuthChallenge': {
        const responses = body.ChallengeResponses as Record<string, string>;
        const pending = challenges.get(responses.PASSWORD_CLAIM_SECRET_BLOCK);
        challenges.delete(responses.PASSWORD_CLAIM_SECRET_BLOCK);
        if (!pending || body.ChallengeName !== 'PASSWORD_VERIFIER') return fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
        const key = serverKey({ A: pending.A, B: pending.B, b: pending.b, verifierHex: pending.verifier });
        const expected = claimSignature(key, poolName, pending.userIdForSrp, responses.PASSWORD_CLAIM_SECRET_BLOCK, responses.TIMESTAMP);
        if (!pending.user || responses.PASSWORD_CLAIM_SIGNATURE !== expected) return fail('NotAuthorizedException', 'Incorrect username or password.');
        if (!pending.user.confirmed) return fail('UserNotConfirmedException', 'User is not confirmed.');
        return ok(tokens(pending.user));
      }
      case 'SignUp': {
        const email = ((body.UserAttributes as Array<{ Name: string; Value: string }>)[0]?.Value ?? '').toLowerCase();
        // The pool's pre sign-up trigger (lambdas/identity/pre-sign-up.handler.ts), by the same rule.
        const birthDate = ((body.ValidationData ?? []) as Array<{ Name: string; Value: string }>).find((v) => v.Name === 'birthdate')?.Value;
        const screen = screenAge(birthDate, fake.now?.() ?? Date.now());
        if (!screen.allowed) return fail('UserLambdaValidationException', `PreSignUp failed with error ${screen.message}.`);
        if (find(body.Username) || find(email)) return fail('UsernameExistsException', 'An account with the given email already exists.');
        if (String(body.Password).length < 8) return fail('InvalidPasswordException', 'Password did not conform with policy');
        fake.users.push({ username: String(body.Username).toLowerCase(), email, password: String(body.Password), confirmed: false, groups: ['buyer'] });
        fake.codes.set(email, '123456');
        return ok({ UserConfirmed: false, CodeDeliveryDetails: { Destination: `${email[0]}***@example.com`, DeliveryMedium: 'EMAIL' } });
      }
      case 'ConfirmSignUp': {
        const user = find(body.Username);
        if (!user) return fail('CodeMismatchException'); // preventUserExistenceErrors
        if (body.ConfirmationCode !== fake.codes.get(user.email)) return fail('CodeMismatchException');
        user.confirmed = true;
        return ok({});
      }
      case 'ResendConfirmationCode':
      case 'ForgotPassword': {
        const user = find(body.Username);
        // preventUserExistenceErrors: a simulated delivery for an unknown user.
        if (!user) return ok({ CodeDeliveryDetails: { Destination: 'x***@gmail.com', DeliveryMedium: 'EMAIL' } });
        fake.codes.set(user.email, '654321');
        return ok({ CodeDeliveryDetails: { Destination: `${user.email[0]}***@example.com` } });
      }
      case 'ConfirmForgotPassword': {
        const user = find(body.Username);
        if (!user) return fail('CodeMismatchException');
        if (body.ConfirmationCode !== fake.codes.get(user.email)) return fail('CodeMismatchException');
        user.password = String(body.Password);
        return ok({});
      }
      case 'GlobalSignOut':
      case 'RevokeToken':
        return ok({});
      default:
        return fail('InvalidActionException');
    }
  };
  fake.api = fakeApi((path, init) => {
    if (path === '/config.json') return config === null ? { status: 404 } : { body: config };
    if (path.startsWith('/local-cognito/') || path === ENDPOINT) {
      const op = String((init?.headers as Record<string, string>)['X-Amz-Target'])
        .split('.')
        .pop()!;
      return cognito(op, JSON.parse(String(init?.body ?? '{}')));
    }
    return api(path, init);
  });
  return fake;
}

/** A fresh start: no stored session, no cached config, no timers. */
export function resetAuth(): void {
  localStorage.clear();
  sessionStorage.clear();
  resetRuntimeConfig();
  resetSessionForTests();
}

export const storedSession = (storage: Storage) => storage.getItem(SESSION_KEY);
