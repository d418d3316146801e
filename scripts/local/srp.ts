// Cognito's SRP-6a (USER_SRP_AUTH, then the PASSWORD_VERIFIER challenge) with node:crypto and
// BigInt: the server side the local identity provider runs, and a client side for tests and
// scripts (the web app has its own WebCrypto client in web/src/lib/auth/cognito-client.ts).
//
// As Cognito defines it: N is the 3072-bit MODP group of RFC 3526, g = 2, k = H(N | g), H is
// SHA-256 over the bytes of the padded hex values; x = H(salt | H(poolName username ":" password));
// u = H(A | B); the client's S = (B - k g^x)^(a + u x), the server's S = (A v^u)^b; the key is
// HKDF-SHA256(ikm = S, salt = u, info = "Caldera Derived Key") cut to 16 bytes; the claim is
// HMAC-SHA256(key, poolName | userIdForSrp | secretBlock | timestamp), timestamp as
// "EEE MMM d HH:mm:ss UTC yyyy".
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const SRP_N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${SRP_N_HEX}`);
export const G = 2n;

/** Even-length hex of a non-negative integer, with a 00 byte in front when the top bit is set
 * (Java's BigInteger.toByteArray, which Cognito hashes). */
export function padHex(value: bigint): string {
  if (value < 0n) throw new Error('padHex: negative value');
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hexHash = (hex: string) => sha256Hex(Buffer.from(hex, 'hex'));
const toBig = (hex: string) => BigInt(`0x${hex}`);
const mod = (value: bigint) => ((value % N) + N) % N;

export function modPow(base: bigint, exponent: bigint, modulus = N): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

export const K = toBig(hexHash(padHex(N) + padHex(G)));

/** The part of the user pool id after the region: "us-east-2_LocalPool" -> "LocalPool". */
export const poolNameOf = (userPoolId: string) => userPoolId.split('_')[1] ?? userPoolId;

/** x = H(salt | H(poolName username ":" password)). */
export function passwordX(poolName: string, username: string, password: string, saltHex: string): bigint {
  return toBig(hexHash(padHex(toBig(saltHex)) + sha256Hex(`${poolName}${username}:${password}`)));
}

/** What the identity provider stores instead of the password: a random salt and v = g^x. */
export function createVerifier(
  poolName: string,
  username: string,
  password: string,
  saltHex = randomBytes(16).toString('hex'),
): { salt: string; verifier: string } {
  return { salt: saltHex, verifier: modPow(G, passwordX(poolName, username, password, saltHex)).toString(16) };
}

const randomSecret = () => toBig(randomBytes(128).toString('hex'));

/** Server: B = k v + g^b (never 0 mod N). */
export function serverB(verifierHex: string, b = randomSecret()): { b: bigint; B: bigint } {
  const B = mod(K * toBig(verifierHex) + modPow(G, b));
  if (B === 0n) return serverB(verifierHex);
  return { b, B };
}

export function scrambler(A: bigint, B: bigint): bigint {
  return toBig(hexHash(padHex(A) + padHex(B)));
}

/** HKDF-SHA256 as Cognito uses it: one block, info "Caldera Derived Key", first 16 bytes. */
export function hkdf(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

export class SrpError extends Error {}

/** Server: the password authentication key from the client's A. */
export function serverKey(input: { A: bigint; B: bigint; b: bigint; verifierHex: string }): Buffer {
  if (mod(input.A) === 0n) throw new SrpError('A mod N is 0');
  const u = scrambler(input.A, input.B);
  if (u === 0n) throw new SrpError('u is 0');
  const S = modPow(mod(input.A * modPow(toBig(input.verifierHex), u)), input.b);
  return hkdf(S, u);
}

/** Client: A = g^a. */
export function clientA(a = randomSecret()): { a: bigint; A: bigint } {
  const A = modPow(G, a);
  if (A === 0n) return clientA();
  return { a, A };
}

/** Client: the password authentication key from the server's B and salt. */
export function clientKey(input: { a: bigint; A: bigint; B: bigint; saltHex: string; poolName: string; username: string; password: string }): Buffer {
  if (mod(input.B) === 0n) throw new SrpError('B mod N is 0');
  const u = scrambler(input.A, input.B);
  if (u === 0n) throw new SrpError('u is 0');
  const x = passwordX(input.poolName, input.username, input.password, input.saltHex);
  const S = modPow(mod(input.B - K * modPow(G, x)), input.a + u * x);
  return hkdf(S, u);
}

/** The PASSWORD_CLAIM_SIGNATURE: base64 HMAC-SHA256(key, poolName | userIdForSrp | secretBlock | timestamp). */
export function claimSignature(key: Buffer, poolName: string, userIdForSrp: string, secretBlockBase64: string, timestamp: string): string {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(userIdForSrp, 'utf8'),
        Buffer.from(secretBlockBase64, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "EEE MMM d HH:mm:ss UTC yyyy" (day of month not padded), e.g. "Tue Nov 3 08:05:09 UTC 2026". */
export function srpTimestamp(date = new Date()): string {
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

/** The instant a TIMESTAMP names, or null when it is not exactly in Cognito's format. */
export function parseSrpTimestamp(value: string): number | null {
  const m =
    /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) UTC (\d{4})$/.exec(
      value,
    );
  if (!m) return null;
  const time = Date.UTC(Number(m[7]), MONTHS.indexOf(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  const date = new Date(time);
  if (date.getUTCDate() !== Number(m[3]) || DAYS[date.getUTCDay()] !== m[1]) return null;
  return time;
}
