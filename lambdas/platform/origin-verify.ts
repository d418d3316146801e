// Only CloudFront may call the API's open routes: CloudFront adds a secret header to every /api/*
// request it forwards, and API Gateway's Lambda authorizer on the open routes (public reads, the
// waiting list, the Shopify webhook) compares it. Without this, the execute-api URL would be a way
// around the WAF web ACL on CloudFront (infra/constructs/waf.ts). Routes with the JWT authorizer
// need a valid Cognito token instead.
//
// The secret is generated at deploy time in Secrets Manager as JSON {"current": "..."}; CloudFront
// sends `current`. During a rotation (docs/RUNBOOK.md) it also holds `previous`, and both are
// accepted until CloudFront has been redeployed with the new value.
import { createHash, timingSafeEqual } from 'node:crypto';

/** The header CloudFront adds (lowercase: API Gateway hands v2 events lowercased header names). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The values the secret currently accepts; anything unusable accepts nothing. */
export function acceptedValues(secretString: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretString);
  } catch {
    return [];
  }
  const { current, previous } = (parsed ?? {}) as { current?: unknown; previous?: unknown };
  return [current, previous].filter((v): v is string => typeof v === 'string' && v.length >= 32);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison (of digests, so lengths do not leak either). */
export function isAccepted(given: string | undefined, accepted: readonly string[]): boolean {
  if (!given) return false;
  const g = digest(given);
  let ok = false;
  for (const value of accepted) ok = timingSafeEqual(g, digest(value)) || ok;
  return ok;
}
