// A local Cognito-compatible identity provider for local mode: the subset of the Cognito user
// pool JSON API the web app uses (SignUp, ConfirmSignUp, ResendConfirmationCode, InitiateAuth
// with USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH, ForgotPassword, ConfirmForgotPassword,
// GlobalSignOut, RevokeToken), RS256 ID/access tokens with Cognito's claims, and the JWKS.
// Codes that Cognito would email are printed in the local log.
import { randomBytes, randomInt, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { generateSigningKey, signJwt, verifyJwt, type SigningKey } from './jwt';

export const LOCAL_POOL_ID = 'us-east-2_LocalPool';
export const LOCAL_CLIENT_ID = 'localwebclient';

export interface LocalUser {
  username: string;
  sub: string;
  email: string;
  emailVerified: boolean;
  confirmed: boolean;
  passwordHash: string;
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

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, 32).toString('hex')}`;
}

function passwordMatches(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  const candidate = scryptSync(password, Buffer.from(salt, 'hex'), 32);
  const expected = Buffer.from(hash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

export interface LocalCognitoOptions {
  /** Directory to keep users and the signing key in; memory only when undefined. */
  dataDir?: string;
  issuerBase: string;
  tokenTtlSeconds?: number;
  log?: (message: string) => void;
}

export class LocalCognito {
  readonly issuer: string;
  private users = new Map<string, LocalUser>();
  private key: SigningKey;
  private readonly ttl: number;
  private readonly log: (message: string) => void;

  constructor(private readonly options: LocalCognitoOptions) {
    this.issuer = `${options.issuerBase}/${LOCAL_POOL_ID}`;
    this.ttl = options.tokenTtlSeconds ?? 3600;
    this.log = options.log ?? ((m) => console.log(`[cognito] ${m}`));
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
    if (file && existsSync(file)) for (const u of JSON.parse(readFileSync(file, 'utf8')) as LocalUser[]) this.users.set(u.username, u);
  }

  private save() {
    const file = this.file('users.json');
    if (file) writeFileSync(file, JSON.stringify([...this.users.values()], null, 1), { mode: 0o600 });
  }

  private find(usernameOrEmail: string): LocalUser | undefined {
    const wanted = usernameOrEmail.trim().toLowerCase();
    return this.users.get(wanted) ?? [...this.users.values()].find((u) => u.email === wanted);
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
      passwordHash: hashPassword(input.password),
      groups: input.groups ?? [],
      attributes: input.attributes ?? {},
      refreshTokens: existing?.refreshTokens ?? [],
    };
    this.users.set(user.username, user);
    this.save();
    return user;
  }

  /** Local mode only: the last code "emailed" to an address (browser tests read it). */
  lastCode(email: string): string | null {
    const user = this.find(email);
    return user?.code?.value ?? null;
  }

  private newCode(user: LocalUser, purpose: 'signup' | 'reset') {
    const value = String(randomInt(100000, 1000000));
    user.code = { value, purpose, expiresAt: Date.now() + 24 * 3600 * 1000 };
    this.log(`${purpose === 'signup' ? 'verification' : 'password reset'} code for ${user.email}: ${value}`);
    return { Destination: user.email.replace(/^(.).*(@.*)$/, '$1***$2'), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }

  private checkCode(user: LocalUser, code: string, purpose: 'signup' | 'reset') {
    if (!user.code || user.code.purpose !== purpose) throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    if (user.code.expiresAt < Date.now()) throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    if (user.code.value !== String(code).trim()) throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    user.code = undefined;
  }

  private tokens(user: LocalUser, refreshToken?: string) {
    const now = Math.floor(Date.now() / 1000);
    const common = { sub: user.sub, iss: this.issuer, auth_time: now, iat: now, exp: now + this.ttl, 'cognito:groups': user.groups, jti: randomUUID() };
    const idToken = signJwt({ ...common, aud: LOCAL_CLIENT_ID, token_use: 'id', 'cognito:username': user.username, email: user.email, email_verified: user.emailVerified, ...user.attributes }, this.key);
    const accessToken = signJwt({ ...common, client_id: LOCAL_CLIENT_ID, token_use: 'access', scope: 'aws.cognito.signin.user.admin', username: user.username }, this.key);
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

  /** Dispatches one Cognito API call (X-Amz-Target: AWSCognitoIdentityProviderService.<op>). */
  call(operation: string, body: Record<string, unknown>): Record<string, unknown> {
    const str = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    switch (operation) {
      case 'SignUp': {
        this.requireClient(body);
        const username = str('Username').trim().toLowerCase();
        const attributes = Array.isArray(body.UserAttributes) ? (body.UserAttributes as Array<{ Name: string; Value: string }>) : [];
        const email = (attributes.find((a) => a.Name === 'email')?.Value ?? '').trim().toLowerCase();
        if (!/^[a-z0-9._-]{3,64}$/.test(username) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username)) throw new CognitoError('InvalidParameterException', 'Username must be 3 to 64 letters, digits, dots, dashes or underscores.');
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
        if (this.find(username) || [...this.users.values()].some((u) => u.email === email)) throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
        const problem = passwordProblem(str('Password'));
        if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
        const user: LocalUser = { username, sub: randomUUID(), email, emailVerified: false, confirmed: false, passwordHash: hashPassword(str('Password')), groups: ['buyer'], attributes: {}, refreshTokens: [] };
        this.users.set(username, user);
        const delivery = this.newCode(user, 'signup');
        this.save();
        return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: delivery };
      }
      case 'ConfirmSignUp': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
        if (user.confirmed) throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
        this.checkCode(user, str('ConfirmationCode'), 'signup');
        user.confirmed = true;
        user.emailVerified = true;
        this.save();
        return {};
      }
      case 'ResendConfirmationCode': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
        if (user.confirmed) throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
        const delivery = this.newCode(user, 'signup');
        this.save();
        return { CodeDeliveryDetails: delivery };
      }
      case 'InitiateAuth': {
        this.requireClient(body);
        const params = (body.AuthParameters ?? {}) as Record<string, string>;
        if (body.AuthFlow === 'USER_PASSWORD_AUTH') {
          const user = this.find(params.USERNAME ?? '');
          if (!user || !passwordMatches(params.PASSWORD ?? '', user.passwordHash)) throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
          if (!user.confirmed) throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
          return this.tokens(user);
        }
        if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
          const token = params.REFRESH_TOKEN ?? '';
          const user = [...this.users.values()].find((u) => u.refreshTokens.includes(token));
          if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
          return this.tokens(user, token);
        }
        throw new CognitoError('InvalidParameterException', 'Unsupported AuthFlow');
      }
      case 'ForgotPassword': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
        return { CodeDeliveryDetails: this.newCode(user, 'reset') };
      }
      case 'ConfirmForgotPassword': {
        this.requireClient(body);
        const user = this.find(str('Username'));
        if (!user) throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
        const problem = passwordProblem(str('Password'));
        if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
        this.checkCode(user, str('ConfirmationCode'), 'reset');
        user.passwordHash = hashPassword(str('Password'));
        user.refreshTokens = [];
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
        for (const user of this.users.values()) user.refreshTokens = user.refreshTokens.filter((t) => t !== str('Token'));
        this.save();
        return {};
      }
      default:
        throw new CognitoError('InvalidActionException', `${operation} is not supported by the local Cognito`);
    }
  }

  private verifyAccessToken(token: string): Record<string, unknown> {
    try {
      return verifyJwt(token, { issuer: this.issuer, audience: [LOCAL_CLIENT_ID], jwks: this.jwks.keys });
    } catch {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
  }
}
