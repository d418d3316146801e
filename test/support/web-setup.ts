// jsdom setup for React component tests.
import '@testing-library/jest-dom';
import { webcrypto } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
// jsdom's crypto has getRandomValues but no subtle (SHA-256, HMAC: SRP sign-in, PKCE): Node's WebCrypto.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
