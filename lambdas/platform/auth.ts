// Who is calling: the principal from the API Gateway JWT authorizer's claims (Cognito ID token),
// and the ownership rules. API Gateway (or local mode's emulation of it) has already verified
// the token; handlers still check ownership, so one user never reaches another's data.
import { Forbidden, Unauthorized } from './errors';
import type { Event } from './http';

/** Cognito groups: fans, athletes, collectives, and the platform's operators (the stack's admin
 * group: the platform inbox of unattributed sales, later collective applications). */
export type Group = 'buyer' | 'athlete' | 'collective' | 'operator';

export interface Principal {
  sub: string;
  /** The user pool's user name (cognito:username): what the admin API calls the user. */
  username: string;
  email: string | null;
  emailVerified: boolean;
  groups: Group[];
  athleteId: number | null;
  collectiveId: number | null;
}

/** API Gateway hands array claims as a string like "[athlete buyer]"; tests may pass arrays. */
function groupsOf(value: unknown): Group[] {
  const raw = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.replace(/^\[|\]$/g, '').split(/[\s,]+/) : [];
  return raw.filter((g): g is Group => g === 'buyer' || g === 'athlete' || g === 'collective' || g === 'operator');
}

function idOf(value: unknown): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function principalOf(event: Event): Principal | null {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return null;
  return {
    sub: claims.sub,
    username: typeof claims['cognito:username'] === 'string' ? claims['cognito:username'] : claims.sub,
    email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    groups: groupsOf(claims['cognito:groups']),
    athleteId: idOf(claims['custom:athleteId']),
    collectiveId: idOf(claims['custom:collectiveId']),
  };
}

export function requirePrincipal(event: Event): Principal {
  const principal = principalOf(event);
  if (!principal) throw new Unauthorized();
  return principal;
}

/** The athlete's own account (group athlete, linked to this athlete id). */
export function requireAthleteOwner(event: Event, athleteId: number): Principal {
  const principal = requirePrincipal(event);
  if (!principal.groups.includes('athlete') || principal.athleteId !== athleteId) throw new Forbidden('This athlete belongs to another account');
  return principal;
}

/** The collective's own account (group collective, linked to this collective id). */
export function requireCollectiveOwner(event: Event, collectiveId: number): Principal {
  const principal = requirePrincipal(event);
  if (!principal.groups.includes('collective') || principal.collectiveId !== collectiveId) throw new Forbidden('This collective belongs to another account');
  return principal;
}

/** A platform operator (group operator). */
export function requireOperator(event: Event): Principal {
  const principal = requirePrincipal(event);
  if (!principal.groups.includes('operator')) throw new Forbidden('Only the platform operators may do this');
  return principal;
}

/** A signed-in buyer's verified email. */
export function requireBuyerEmail(event: Event): string {
  const principal = requirePrincipal(event);
  if (!principal.email || !principal.emailVerified) throw new Forbidden('Verify your email address first');
  return principal.email;
}
