// Runtime settings the deployment serves next to index.html (/config.json): the Cognito user pool
// the web app signs in to and the public demo tenant. Loaded once; a missing or broken file means
// "no sign-in" (the open demo), never a crash.
import { useSyncExternalStore } from 'react';

export interface AuthConfig {
  region: string;
  userPoolId: string;
  clientId: string;
  /** The user-pool JSON API (POST with X-Amz-Target). */
  endpoint: string;
  googleEnabled: boolean;
  /** The hosted UI domain (no scheme), required for Google sign-in. */
  oauthDomain?: string;
}

export interface RuntimeConfig {
  auth: AuthConfig | null;
  demo: { athleteId: number; collectiveId: number };
}

export const DEFAULT_CONFIG: RuntimeConfig = { auth: null, demo: { athleteId: 1, collectiveId: 1 } };

const positiveInt = (value: unknown, fallback: number) => (Number.isInteger(value) && (value as number) > 0 ? (value as number) : fallback);

/** Validates the raw file; anything unusable becomes the no-auth default for that part. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const value = (raw ?? {}) as { auth?: Partial<AuthConfig> | null; demo?: { athleteId?: unknown; collectiveId?: unknown } };
  const a = value.auth;
  const auth: AuthConfig | null =
    a && typeof a.clientId === 'string' && a.clientId && typeof a.endpoint === 'string' && a.endpoint
      ? {
          region: String(a.region ?? ''),
          userPoolId: String(a.userPoolId ?? ''),
          clientId: a.clientId,
          endpoint: a.endpoint,
          googleEnabled: a.googleEnabled === true && typeof a.oauthDomain === 'string' && a.oauthDomain.length > 0,
          oauthDomain: typeof a.oauthDomain === 'string' && a.oauthDomain ? a.oauthDomain : undefined,
        }
      : null;
  return {
    auth,
    demo: { athleteId: positiveInt(value.demo?.athleteId, 1), collectiveId: positiveInt(value.demo?.collectiveId, 1) },
  };
}

let loaded: RuntimeConfig | null = null;
let pending: Promise<RuntimeConfig> | null = null;
const listeners = new Set<() => void>();

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (loaded) return Promise.resolve(loaded);
  if (!pending) {
    pending = (async () => {
      try {
        const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
        if (!response.ok) return DEFAULT_CONFIG;
        return parseRuntimeConfig(JSON.parse(await response.text()));
      } catch {
        return DEFAULT_CONFIG;
      }
    })().then((config) => {
      loaded = config;
      listeners.forEach((l) => l());
      return config;
    });
  }
  return pending;
}

/** The config when already loaded (synchronous), else null. */
export const peekRuntimeConfig = (): RuntimeConfig | null => loaded;

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadRuntimeConfig();
  return () => listeners.delete(listener);
}

/** The runtime config, or null while /config.json is loading. */
export function useRuntimeConfig(): RuntimeConfig | null {
  return useSyncExternalStore(subscribe, peekRuntimeConfig, () => null);
}

/** Tests only: forget the cached file (or pin one). */
export function resetRuntimeConfig(config: RuntimeConfig | null = null): void {
  loaded = config;
  pending = null;
  listeners.forEach((l) => l());
}
