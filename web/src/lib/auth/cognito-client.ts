// The Cognito user-pool JSON API (the subset the web app uses), called with fetch: no SDK, so the
// first page stays small. The same calls reach Amazon Cognito in AWS and the local Cognito of
// local mode; only the endpoint in /config.json differs. Loaded only when someone signs in, up or
// out, or a token is refreshed (lib/auth/cognito.ts), never with the first page.
import { CognitoError } from '@/lib/auth/cognito-error';

export interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
}

export interface CodeDeliveryDetails {
  Destination?: string;
  DeliveryMedium?: string;
}

/** Local mode serves its Cognito on the page's origin: use the path so the Vite dev proxy also works. */
export function resolveEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    if (url.pathname.startsWith('/local-cognito/') && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) return url.pathname;
  } catch {
    // already relative
  }
  return endpoint;
}

export async function cognitoCall<T>(endpoint: string, operation: string, body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(resolveEndpoint(endpoint), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new CognitoError('NetworkError', cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  if (!response.ok) {
    // Cognito's __type may carry a namespace prefix ("com.amazonaws...#NotAuthorizedException").
    const type = String(parsed.__type ?? response.headers?.get?.('x-amzn-errortype') ?? 'UnknownError')
      .split('#')
      .pop()!
      .split(':')[0];
    throw new CognitoError(type, String(parsed.message ?? parsed.Message ?? `Request failed (${response.status})`));
  }
  return parsed as T;
}

// Sign-in with Cognito's SRP-6a (USER_SRP_AUTH, then PASSWORD_VERIFIER): the password never leaves
// the browser. BigInt arithmetic and WebCrypto (SHA-256, HMAC-SHA256), no dependency. Exactly as
// Cognito defines it: N is the 3072-bit MODP group (RFC 3526), g = 2, k = H(N | g), H = SHA-256
// over the bytes of the padded hex values; x = H(salt | H(poolName userIdForSrp ":" password)),
// u = H(A | B), S = (B - k g^x)^(a + u x) mod N, key = HKDF-SHA256(ikm S, salt u,
// info "Caldera Derived Key") cut to 16 bytes, claim = base64 HMAC-SHA256(key, poolName |
// userIdForSrp | secret block | timestamp), timestamp "EEE MMM d HH:mm:ss UTC yyyy".

const SRP_N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const SRP_G = 2n;

/** Even-length hex with a 00 byte in front when the top bit is set (Java's BigInteger.toByteArray). */
export function srpPadHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const hexToBytes = (hex: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};
const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const utf8 = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const base64ToBytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const bytesToBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const sha256 = async (data: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));
const hexHash = async (hex: string) => bytesToHex(await sha256(hexToBytes(hex)));
async function hmacSha256(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const cryptoKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, data));
}

const modN = (value: bigint) => ((value % SRP_N) + SRP_N) % SRP_N;
function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = modN(base);
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % SRP_N;
    b = (b * b) % SRP_N;
    e >>= 1n;
  }
  return result;
}

/** A fresh client secret a (128 random bytes) and A = g^a mod N. */
export function srpClientStart(random: Uint8Array = crypto.getRandomValues(new Uint8Array(128))): { a: bigint; A: bigint } {
  const a = BigInt(`0x${bytesToHex(random)}`);
  const A = modPow(SRP_G, a);
  if (A === 0n) throw new Error('SRP: A mod N is 0');
  return { a, A };
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "EEE MMM d HH:mm:ss UTC yyyy" (day of month not padded), e.g. "Tue Nov 3 08:05:09 UTC 2026". */
export function srpTimestamp(date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

export interface PasswordVerifierInput {
  /** The part of the user pool id after the region ("us-east-2_AbC" -> "AbC"). */
  poolName: string;
  password: string;
  a: bigint;
  A: bigint;
  /** The PASSWORD_VERIFIER challenge parameters. */
  challenge: { SALT: string; SRP_B: string; SECRET_BLOCK: string; USER_ID_FOR_SRP: string };
  timestamp: string;
}

/** The password authentication key (16 bytes) from the server's B and salt. */
export async function srpPasswordKey(input: Omit<PasswordVerifierInput, 'timestamp'>): Promise<Uint8Array<ArrayBuffer>> {
  const B = BigInt(`0x${input.challenge.SRP_B}`);
  if (modN(B) === 0n) throw new Error('SRP: B mod N is 0');
  const u = BigInt(`0x${await hexHash(srpPadHex(input.A) + srpPadHex(B))}`);
  if (u === 0n) throw new Error('SRP: u is 0');
  const k = BigInt(`0x${await hexHash(srpPadHex(SRP_N) + srpPadHex(SRP_G))}`);
  const identity = bytesToHex(await sha256(utf8(`${input.poolName}${input.challenge.USER_ID_FOR_SRP}:${input.password}`)));
  const x = BigInt(`0x${await hexHash(srpPadHex(BigInt(`0x${input.challenge.SALT}`)) + identity)}`);
  const S = modPow(B - k * modPow(SRP_G, x), input.a + u * x);
  const prk = await hmacSha256(hexToBytes(srpPadHex(u)), hexToBytes(srpPadHex(S)));
  return (await hmacSha256(prk, concat(utf8('Caldera Derived Key'), new Uint8Array([1])))).slice(0, 16);
}

/** The ChallengeResponses of RespondToAuthChallenge(PASSWORD_VERIFIER). */
export async function srpPasswordVerifierResponses(input: PasswordVerifierInput): Promise<Record<string, string>> {
  const key = await srpPasswordKey(input);
  const message = concat(utf8(input.poolName), utf8(input.challenge.USER_ID_FOR_SRP), base64ToBytes(input.challenge.SECRET_BLOCK), utf8(input.timestamp));
  return {
    USERNAME: input.challenge.USER_ID_FOR_SRP,
    PASSWORD_CLAIM_SECRET_BLOCK: input.challenge.SECRET_BLOCK,
    TIMESTAMP: input.timestamp,
    PASSWORD_CLAIM_SIGNATURE: bytesToBase64(await hmacSha256(key, message)),
  };
}

export interface SignInResult {
  AuthenticationResult?: AuthenticationResult;
  ChallengeName?: string;
}

/** InitiateAuth(USER_SRP_AUTH) and RespondToAuthChallenge(PASSWORD_VERIFIER): tokens, or the
 * name of a further challenge this app does not handle. */
export async function signInWithSrp(
  endpoint: string,
  config: { clientId: string; userPoolId: string },
  username: string,
  password: string,
): Promise<SignInResult> {
  // WebCrypto exists only in secure contexts (https, or http on 127.0.0.1/localhost).
  if (typeof crypto === 'undefined' || !crypto.subtle)
    throw new CognitoError('AuthUnavailable', 'Sign-in needs a secure connection: open the site over https (or on 127.0.0.1 locally).');
  const { a, A } = srpClientStart();
  const started = await cognitoCall<{
    ChallengeName?: string;
    ChallengeParameters?: Record<string, string>;
    Session?: string;
    AuthenticationResult?: AuthenticationResult;
  }>(endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: config.clientId,
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });
  if (started.ChallengeName !== 'PASSWORD_VERIFIER' || !started.ChallengeParameters)
    return { AuthenticationResult: started.AuthenticationResult, ChallengeName: started.ChallengeName };
  const poolName = config.userPoolId.split('_')[1] ?? config.userPoolId;
  const challenge = started.ChallengeParameters as PasswordVerifierInput['challenge'];
  const responses = await srpPasswordVerifierResponses({ poolName, password, a, A, challenge, timestamp: srpTimestamp() });
  return cognitoCall<SignInResult>(endpoint, 'RespondToAuthChallenge', {
    ChallengeName: 'PASSWORD_VERIFIER',
    ClientId: config.clientId,
    ChallengeResponses: responses,
    ...(started.Session ? { Session: started.Session } : {}),
  });
}
