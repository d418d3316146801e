// A local Cognito-compatible identity provider for local mode: the subset of the Cognito user
// pool JSON API the web app uses (SignUp, ConfirmSignUp, ResendConfirmationCode, InitiateAuth
// with USER_SRP_AUTH and REFRESH_TOKEN_AUTH, RespondToAuthChallenge with PASSWORD_VERIFIER,
// ForgotPassword, ConfirmForgotPassword, GlobalSignOut, RevokeToken), RS256 ID/access tokens with
// Cognito's claims, and the JWKS. It behaves as the stack's user pool client does
// (infra/constructs/auth.ts): only SRP and refresh-token sign-in, no password ever sent or stored
// (an SRP verifier per user), preventUserExistenceErrors (an unknown user looks like a wrong
// password, password recovery answers with a simulated delivery), Cognito's temporary lockout
// after 5 failed sign-ins, and SignUp refusing attributes outside the schema or not writable by
// the app client. Codes that Cognito would email are printed in the local log, and only there.
// Like Cognito it calls the pool's Lambda triggers, the product's own modules: pre sign-up (the age
// screen: a refused sign-up stores and logs nothing) and post confirmation.
import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { generateSigningKey, signJwt, verifyJwt, type SigningKey } from './jwt';
import { N, SrpError, claimSignature, createVerifier, parseSrpTimestamp, poolNameOf, serverB, serverKey } from './srp';

export const LOCAL_POOL_ID = 'us-east-2_LocalPool';
export const LOCAL_CLIENT_ID = 'localwebclient';
const POOL_NAME = poolNameOf(LOCAL_POOL_ID);

/** The auth flows of the stack's app client (ALLOW_USER_SRP_AUTH, ALLOW_REFRESH_TOKEN_AUTH). */
export const AUTH_FLOWS = ['USER_SRP_AUTH', 'REFRESH_TOKEN_AUTH'] as const;

/** Cognito's temporary lockout: after 5 failed sign-ins, 2^(n-5) s, up to ~15 minutes; cleared by a
 * successful sign-in after the lockout, or by 15 minutes without attempts. */
export const LOCKOUT = { freeAttempts: 5, maxSeconds: 900, resetAfterIdleMs: 15 * 60_000 };
/** How long a PASSWORD_VERIFIER challenge may be answered, and how far TIMESTAMP may be off. */
const CHALLENGE_TTL_MS = 3 * 60_000;
const TIMESTAMP_SKEW_MS = 5 * 60_000;

/** The user pool schema (standard attributes and the stack's two custom ones)... */
const SCHEMA_ATTRIBUTES = new Set([
  'address',
  'birthdate',
  'email',
  'email_verified',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'phone_number_verified',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
  'custom:athleteId',
  'custom:collectiveId',
  'custom:ageBand',
]);
/** ...and what the web app client may write (writeAttributes of the stack's client; custom:ageBand is
 * immutable: written once, at sign-up, and checked by the pre sign-up trigger). */
const CLIENT_WRITABLE_ATTRIBUTES = new Set(['email', 'custom:ageBand']);

/** The pool's Lambda triggers (infra/constructs/auth.ts attaches the same modules in AWS). */
export interface LocalTriggers {
  preSignUp?: (event: PreSignUpTriggerEvent) => Promise<unknown>;
  postConfirmation?: (event: PostConfirmationTriggerEvent) => Promise<unknown>;
}

export interface LocalUser {
  username: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  confirmed: boolean;
  /** SRP salt and verifier v = g^x: the password itself is never stored. Missing on accounts saved
   * before SRP (they sign in again after a password reset). */
  srp?: { salt: string; verifier: string };
  groups: string[];
  attributes: Record<string, string>;
  code?: { value: string; purpose: 'signup' | 'reset'; expiresAt: number };
  refreshTokens: string[];
}

export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Password rules of the user pool (the CDK stack sets the same). */
export const PASSWORD_POLICY = { minLength: 8, requireLowercase: true, requireDigits: true };

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_POLICY.minLength) return `Password must have length greater than or equal to ${PASSWORD_POLICY.minLength}`;
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  return null;
}

const INCORRECT = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
const CODE_MISMATCH = () => new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');

export interface LocalCognitoOptions {
  /** Directory to keep users and the signing key in; memory only when undefined. */
  dataDir?: string;
  issuerBase: string;
  tokenTtlSeconds?: number;
  log?: (message: string) => void;
  /** Emails a code as Cognito does (local mode: into the local mailbox, /local-mail/). */
  email?: (message: { to: string; subject: string; text: string }) => void;
  /** The clock (ms since the epoch); tests move it. */
  now?: () => number;
  /** The pool's Lambda triggers, called as Cognito calls them. */
  triggers?: LocalTriggers;
}

interface PendingChallenge {
  userIdForSrp: string;
  /** Undefined for an unknown user: the challenge is simulated and can only fail. */
  username?: string;
  A: bigint;
  B: bigint;
  b: bigint;
  verifier: string;
  expiresAt: number;
}

interface Attempts {
  failures: number;
  lockedUntil: number;
  lastAttemptAt: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strOf = (value: unknown) => (typeof value === 'string' ? value : '');
const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

export class LocalCognito {
  readonly issuer: string;
  private users = new Map<string, LocalUser>();
  private key: SigningKey;
  private readonly ttl: number;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  private readonly challenges = new Map<string, PendingChallenge>();
  private readonly attempts = new Map<string, Attempts>();
  /** Keys the simulated answers for unknown users, so they stay the same from call to call. */
  private readonly fakeSecret = randomBytes(32);

  constructor(private readonly options: LocalCognitoOptions) {
    this.issuer = `${options.issuerBase}/${LOCAL_POOL_ID}`;
    this.ttl = options.tokenTtlSeconds ?? 3600;
    this.log = options.log ?? ((m) => console.log(`[cognito] ${m}`));
    this.now = options.now ?? Date.now;
    this.key = this.loadKey();
    this.loadUsers();
  }

  get jwks() {
    return { keys: [this.key.publicJwk] };
  }

  private file(name: string) {
    return this.options.dataDir ? path.join(this.options.dataDir, name) : undefined;
  }

  private loadKey(): SigningKey {
    const file = this.file('signing-key.json');
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      return { kid: saved.kid, privateKey: createPrivateKey({ key: saved.privateJwk, format: 'jwk' }), publicJwk: saved.publicJwk };
    }
    const key = generateSigningKey(`local-${randomUUID().slice(0, 8)}`);
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ kid: key.kid, privateJwk: key.privateKey.export({ format: 'jwk' }), publicJwk: key.publicJwk }), { mode: 0o600 });
    }
    return key;
  }

  private loadUsers() {
    const file = this.file('users.json');
    if (!file || !existsSync(file)) return;
    let legacy = 0;
    for (const saved of JSON.parse(readFileSync(file, 'utf8')) as Array<LocalUser & { passwordHash?: string }>) {
      const { passwordHash, ...user } = saved;
      if (passwordHash !== undefined && !user.srp) legacy += 1;
      this.users.set(user.username, user);
    }
    if (legacy) this.log(`${legacy} local account(s) were saved before SRP sign-in: reset the password ("Forgot password?") to sign in again`);
  }

  private save() {
    const file = this.file('users.json');
    if (file) writeFileSync(file, JSON.stringify([...this.users.values()], null, 1), { mode: 0o600 });
  }

  private find(usernameOrEmail: string): LocalUser | undefined {
    const wanted = usernameOrEmail.trim().toLowerCase();
    if (!wanted) return undefined;
    return this.users.get(wanted) ?? [...this.users.values()].find((u) => u.email === wanted);
  }

  private setPassword(user: LocalUser, password: string) {
    user.srp = createVerifier(POOL_NAME, user.username, password);
  }

  /** Creates or resets a confirmed account (demo accounts), bypassing the sign-up policy. */
  upsertUser(input: { username: string; email: string; password: string; groups?: string[]; attributes?: Record<string, string> }): LocalUser {
    const existing = this.users.get(input.username);
    const user: LocalUser = {
      username: input.username,
      sub: existing?.sub ?? randomUUID(),
      email: input.email.toLowerCase(),
      emailVerified: true,
      confirmed: true,
      groups: input.groups ?? [],
      attributes: input.attributes ?? {},
      refreshTokens: existing?.refreshTokens ?? [],
    };
    this.setPassword(user, input.password);
    this.users.set(user.username, user);
    this.attempts.delete(`user:${user.username}`);
    this.save();
    return user;
  }

  /** AdminUpdateUserAttributes + AdminAddUserToGroup, as the identity-admin module asks Cognito
   * (lambdas/identity/identity-admin.ts): links an account to an athlete or a collective. */
  adminLink(username: string, attribute: 'custom:athleteId' | 'custom:collectiveId', value: string, group: 'athlete' | 'collective'): void {
    const user = this.users.get(username.trim().toLowerCase()) ?? this.users.get(username);
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    user.attributes = { ...user.attributes, [attribute]: value };
    if (!user.groups.includes(group)) user.groups = [...user.groups, group];
    this.save();
  }

  /** AdminDeleteUser, as the identity-admin module asks Cognito: the account, its password verifier
   * and its refresh tokens are gone (a user already gone is not an error). */
  adminDeleteUser(username: string): void {
    const user = this.users.get(username.trim().toLowerCase()) ?? this.users.get(username);
    if (!user) return;
    this.users.delete(user.username);
    this.attempts.delete(`user:${user.username}`);
    this.save();
  }

  /** Emails a code (Cognito's default messages) to the local mailbox when there is one, and prints it. */
  private newCode(user: LocalUser, purpose: 'signup' | 'reset') {
    const value = String(randomInt(100000, 1000000));
    user.code = { value, purpose, expiresAt: this.now() + 24 * 3600 * 1000 };
    this.log(`${purpose === 'signup' ? 'verification' : 'password reset'} code for ${user.email}: ${value}`);
    this.options.email?.({
      to: user.email,
      subject: purpose === 'signup' ? 'Your verification code' : 'Your password reset code',
      text: purpose === 'signup' ? `Your verification code is ${value}` : `Your password reset code is ${value}`,
    });
    return { Destination: maskEmail(user.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  /** What Cognito answers for an unknown user with preventUserExistenceErrors: a delivery that
   * looks real (stable for the same name) and sends nothing. */
  private simulatedDelivery(name: string) {
    const wanted = name.trim().toLowerCase();
    const digest = createHmac('sha256', this.fakeSecret).update(`delivery:${wanted}`).digest();
    const fake = /^[^\s@]+@[^\s@]+$/.test(wanted)
      ? wanted
      : `${'abcdefghijklmnopqrstuvwxyz'[digest[0] % 26]}x@${['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com'][digest[1] % 4]}`;
    return { Destination: maskEmail(fake), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  private checkCode(user: LocalUser, code: string, purpose: 'signup' | 'reset') {
    if (!user.code || user.code.purpose !== purpose) throw CODE_MISMATCH();
    if (user.code.expiresAt < this.now()) throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    const given = Buffer.from(String(code).trim());
    const expected = Buffer.from(user.code.value);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw CODE_MISMATCH();
    user.code = undefined;
  }

  private tokens(user: LocalUser, refreshToken?: string) {
    const now = Math.floor(this.now() / 1000);
    const common = { sub: user.sub, iss: this.issuer, auth_time: now, iat: now, exp: now + this.ttl, 'cognito:groups': user.groups, jti: randomUUID() };
    const idToken = signJwt(
      {
        ...common,
        aud: LOCAL_CLIENT_ID,
        token_use: 'id',
        'cognito:username': user.username,
        email: user.email,
        email_verified: user.emailVerified,
        ...user.attributes,
      },
      this.key,
    );
    const accessToken = signJwt(
      { ...common, client_id: LOCAL_CLIENT_ID, token_use: 'access', scope: 'aws.cognito.signin.user.admin', username: user.username },
      this.key,
    );
    const result: Record<string, unknown> = { IdToken: idToken, AccessToken: accessToken, ExpiresIn: this.ttl, TokenType: 'Bearer' };
    if (!refreshToken) {
      const token = randomBytes(48).toString('base64url');
      user.refreshTokens.push(token);
      user.refreshTokens = user.refreshTokens.slice(-20);
      this.save();
      result.RefreshToken = token;
    }
    return { AuthenticationResult: result, ChallengeParameters: {} };
  }

  private requireClient(body: Record<string, unknown>) {
    if (body.ClientId !== LOCAL_CLIENT_ID) throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
  }

  // Lockout, per user (and per name for unknown users, so a lockout does not tell who exists).

  private attemptKey(user: LocalUser | undefined, name: string) {
    return user ? `user:${user.username}` : `name:${name.trim().toLowerCase()}`;
  }

  private checkLockout(key: string) {
    const state = this.attempts.get(key);
    if (!state) return;
    const now = this.now();
    if (state.lockedUntil > now) {
      state.lastAttemptAt = now;
      throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
    }
    if (now - state.lastAttemptAt >= LOCKOUT.resetAfterIdleMs) this.attempts.delete(key);
  }

  private recordFailure(key: string) {
    const now = this.now();
    const state = this.attempts.get(key) ?? { failures: 0, lockedUntil: 0, lastAttemptAt: now };
    state.failures += 1;
    state.lastAttemptAt = now;
    if (state.failures >= LOCKOUT.freeAttempts) state.lockedUntil = now + Math.min(2 ** (state.failures - LOCKOUT.freeAttempts), LOCKOUT.maxSeconds) * 1000;
    this.attempts.set(key, state);
    if (this.attempts.size > 10_000) this.attempts.delete(this.attempts.keys().next().value!);
  }

  // SRP: InitiateAuth(USER_SRP_AUTH) hands out B and the salt, RespondToAuthChallenge checks the claim.

  private startSrp(params: Record<string, unknown>) {
    const name = strOf(params.USERNAME).trim();
    const srpA = strOf(params.SRP_A);
    if (!name) throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
    if (!/^[0-9a-fA-F]{1,1024}$/.test(srpA)) throw new CognitoError('InvalidParameterException', 'Missing or invalid parameter SRP_A');
    const A = BigInt(`0x${srpA}`);
    if (A % N === 0n) throw new CognitoError('InvalidParameterException', 'Invalid SRP_A');
    const user = this.find(name);
    let salt: string;
    let verifier: string;
    if (user?.srp) ({ salt, verifier } = user.srp);
    else {
      // An unknown user (or one without a verifier) gets a challenge that looks the same and can only fail.
      const digest = createHmac('sha256', this.fakeSecret).update(`srp:${name.toLowerCase()}`).digest();
      salt = digest.subarray(0, 16).toString('hex');
      verifier = createVerifier(POOL_NAME, name, digest.toString('hex'), salt).verifier;
    }
    const { b, B } = serverB(verifier);
    const now = this.now();
    for (const [block, pending] of this.challenges) if (pending.expiresAt < now) this.challenges.delete(block);
    if (this.challenges.size > 1000) this.challenges.delete(this.challenges.keys().next().value!);
    const secretBlock = randomBytes(64).toString('base64');
    const userIdForSrp = user?.username ?? name;
    this.challenges.set(secretBlock, { userIdForSrp, username: user?.srp ? user.username : undefined, A, B, b, verifier, expiresAt: now + CHALLENGE_TTL_MS });
    return {
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeParameters: { SALT: salt, SECRET_BLOCK: secretBlock, SRP_B: B.toString(16), USERNAME: userIdForSrp, USER_ID_FOR_SRP: userIdForSrp },
    };
  }

  private answerSrp(body: Record<string, unknown>) {
    if (body.ChallengeName !== 'PASSWORD_VERIFIER')
      throw new CognitoError('InvalidParameterException', `Unsupported ChallengeName ${strOf(body.ChallengeName) || '(none)'}`);
    const responses = isRecord(body.ChallengeResponses) ? body.ChallengeResponses : {};
    const secretBlock = strOf(responses.PASSWORD_CLAIM_SECRET_BLOCK);
    const pending = this.challenges.get(secretBlock);
    this.challenges.delete(secretBlock); // one answer per challenge, right or wrong
    if (!pending || pending.expiresAt < this.now()) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    if (strOf(responses.USERNAME).trim().toLowerCase() !== pending.userIdForSrp.toLowerCase()) throw INCORRECT();
    const timestamp = strOf(responses.TIMESTAMP);
    const at = parseSrpTimestamp(timestamp);
    if (at === null) throw new CognitoError('InvalidParameterException', 'TIMESTAMP must be formatted as "EEE MMM d HH:mm:ss UTC yyyy"');
    const user = pending.username ? this.users.get(pending.username) : undefined;
    const attemptKey = this.attemptKey(user, pending.userIdForSrp);
    this.checkLockout(attemptKey);
    let valid = false;
    if (user?.srp && user.srp.verifier === pending.verifier && Math.abs(at - this.now()) <= TIMESTAMP_SKEW_MS) {
      try {
        const key = serverKey({ A: pending.A, B: pending.B, b: pending.b, verifierHex: pending.verifier });
        const expected = Buffer.from(claimSignature(key, POOL_NAME, pending.userIdForSrp, secretBlock, timestamp), 'base64');
        const presented = Buffer.from(strOf(responses.PASSWORD_CLAIM_SIGNATURE), 'base64');
        valid = presented.length === expected.length && timingSafeEqual(presented, expected);
      } catch (error) {
        if (!(error instanceof SrpError)) throw error;
      }
    }
    if (!user || !valid) {
      this.recordFailure(attemptKey);
      throw INCORRECT();
    }
    this.attempts.delete(attemptKey);
    if (!user.confirmed) throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    return this.tokens(user);
  }

  /** SignUp's UserAttributes: in the schema (else InvalidParameterException) and writable by the
   * app client (else NotAuthorizedException), as Cognito checks them; never silently dropped. */
  private signUpAttributes(value: unknown): Map<string, string> {
    if (value === undefined) return new Map();
    if (!Array.isArray(value) || !value.every((a) => isRecord(a) && typeof a.Name === 'string' && typeof a.Value === 'string')) {
      throw new CognitoError('InvalidParameterException', 'UserAttributes must be a list of { Name, Value } strings');
    }
    const attributes = value as Array<{ Name: string; Value: string }>;
    const unknown = attributes.filter((a) => !SCHEMA_ATTRIBUTES.has(a.Name));
    if (unknown.length)
      throw new CognitoError(
        'InvalidParameterException',
        `Attributes did not conform to the schema: ${unknown.map((a) => `${a.Name}: Attribute does not exist in the schema.`).join('\n')}`,
      );
    if (attributes.some((a) => !CLIENT_WRITABLE_ATTRIBUTES.has(a.Name)))
      throw new CognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    return new Map(attributes.map((a) => [a.Name, a.Value]));
  }

  /** A trigger's event, shaped as Cognito sends it. */
  private triggerEvent(triggerSource: string, user: { username: string; attributes: Record<string, string> }, request: Record<string, unknown>) {
    return {
      version: '1',
      triggerSource,
      region: 'us-east-2',
      userPoolId: LOCAL_POOL_ID,
      userName: user.username,
      callerContext: { awsSdkVersion: 'local', clientId: LOCAL_CLIENT_ID },
      request: { userAttributes: user.attributes, ...request },
      response: {},
    };
  }

  /** Runs a trigger as Cognito does: an error it throws refuses the call (UserLambdaValidationException). */
  private async runTrigger<E>(name: 'PreSignUp' | 'PostConfirmation', run: ((event: E) => Promise<unknown>) | undefined, event: E): Promise<void> {
    if (!run) return;
    try {
      await run(event);
    } catch (error) {
      throw new CognitoError('UserLambdaValidationException', `${name} failed with error ${error instanceof Error ? error.message : String(error)}.`);
    }
  }

  /** SignUp's ValidationData: name/value pairs the triggers see and Cognito never stores. */
  private validationData(value: unknown): Record<string, string> | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((a) => isRecord(a) && typeof a.Name === 'string' && typeof a.Value === 'string'))
      throw new CognitoError('InvalidParameterException', 'ValidationData must be a list of { Name, Value } strings');
    return Object.fromEntries((value as Array<{ Name: string; Value: string }>).map((a) => [a.Name, a.Value]));
  }

  /** Dispatches one Cognito API call (X-Amz-Target: AWSCognitoIdentityProviderService.<op>). */
  async call(operation: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!isRecord(body)) throw new CognitoError('SerializationException', 'The request body must be a JSON object');
    const str = (name: string) => strOf(body[name]);
    switch (operation) {
      case 'SignUp': {
        this.requireClient(body);
        const username = str('Username').trim().toLowerCase();
        const attributes = this.signUpAttributes(body.UserAttributes);
        const email = (attributes.get('email') ?? '').trim().toLowerCase();
        if (!/^[a-z0-9._-]{3,64}$/.test(username) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username))
          throw new CognitoError('InvalidParameterException', 'Username must be 3 to 64 letters, digits, dots, dashes or underscores.');
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
        if (this.find(username) || [...this.users.values()].some((u) => u.email === email))
          throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
        const problem = passwordProblem(str('Password'));
        if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
        const custom = Object.fromEntries([...attributes].filter(([name]) => name.startsWith('custom:')));
        // Before anything is stored: a refusal leaves no account, no code and no log line.
        await this.runTrigger(
          'PreSignUp',
          this.options.triggers?.preSignUp,
          this.triggerEvent(
            'PreSignUp_SignUp',
            { username, attributes: { email, ...custom } },
            { validationData: this.validationData(body.ValidationData), clientMetadata: isRecord(body.ClientMetadata) ? body.ClientMetadata : undefined },
          ) as unknown as PreSignUpTriggerEvent,
        );
        const user: LocalUser = {
          username,
          sub: randomUUID(),
          email,
          emailVerified: false,
          confirmed: false,
          groups: ['buyer'],
          attributes: custom,
          refreshTokens: [],
        };
        this.setPassword(user, str('Password'));
        this.users.set(username, user);
        const delivery = this.newCode(user, 'signup');
        this.save();
        return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: delivery };
      }
      case 'ConfirmSignUp': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        if (!user) throw CODE_MISMATCH();
        if (user.confirmed) throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
        this.checkCode(user, str('ConfirmationCode'), 'signup');
        user.confirmed = true;
        user.emailVerified = true;
        this.save();
        await this.runTrigger(
          'PostConfirmation',
          this.options.triggers?.postConfirmation,
          this.triggerEvent(
            'PostConfirmation_ConfirmSignUp',
            {
              username: user.username,
              attributes: { sub: user.sub, email: user.email, email_verified: 'true', 'cognito:user_status': 'CONFIRMED', ...user.attributes },
            },
            {},
          ) as unknown as PostConfirmationTriggerEvent,
        );
        return {};
      }
      case 'ResendConfirmationCode': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        if (!user) return { CodeDeliveryDetails: this.simulatedDelivery(str('Username')) };
        if (user.confirmed) throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
        const delivery = this.newCode(user, 'signup');
        this.save();
        return { CodeDeliveryDetails: delivery };
      }
      case 'InitiateAuth': {
        this.requireClient(body);
        const flow = str('AuthFlow');
        const params = isRecord(body.AuthParameters) ? body.AuthParameters : {};
        if (flow === 'USER_SRP_AUTH') return this.startSrp(params);
        if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
          const token = strOf(params.REFRESH_TOKEN);
          const user = token ? [...this.users.values()].find((u) => u.refreshTokens.includes(token)) : undefined;
          if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
          return this.tokens(user, token);
        }
        if (['USER_PASSWORD_AUTH', 'CUSTOM_AUTH', 'USER_AUTH'].includes(flow))
          throw new CognitoError('InvalidParameterException', `${flow} flow not enabled for this client`);
        throw new CognitoError('InvalidParameterException', `Unsupported AuthFlow ${flow || '(none)'}`);
      }
      case 'RespondToAuthChallenge': {
        this.requireClient(body);
        return this.answerSrp(body);
      }
      case 'ForgotPassword': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        if (!user) return { CodeDeliveryDetails: this.simulatedDelivery(str('Username')) };
        const delivery = this.newCode(user, 'reset');
        this.save();
        return { CodeDeliveryDetails: delivery };
      }
      case 'ConfirmForgotPassword': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        const problem = passwordProblem(str('Password'));
        if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
        if (!user) throw CODE_MISMATCH();
        this.checkCode(user, str('ConfirmationCode'), 'reset');
        this.setPassword(user, str('Password'));
        user.refreshTokens = [];
        this.attempts.delete(this.attemptKey(user, user.username));
        this.save();
        return {};
      }
      case 'GlobalSignOut': {
        const claims = this.verifyAccessToken(str('AccessToken'));
        const user = this.users.get(String(claims.username));
        if (user) {
          user.refreshTokens = [];
          this.save();
        }
        return {};
      }
      case 'RevokeToken': {
        this.requireClient(body);
        const token = str('Token');
        for (const user of this.users.values()) user.refreshTokens = user.refreshTokens.filter((t) => t !== token);
        this.save();
        return {};
      }
      default:
        throw new CognitoError('InvalidActionException', `${operation} is not supported by the local Cognito`);
    }
  }

  private verifyAccessToken(token: string): Record<string, unknown> {
    try {
      return verifyJwt(token, { issuer: this.issuer, audience: [LOCAL_CLIENT_ID], jwks: this.jwks.keys, tokenUse: ['access'], now: this.now() });
    } catch {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
  }
}
