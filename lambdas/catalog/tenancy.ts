// Who may read whose data. Owner routes: the athlete's own account, or the account of a
// collective the athlete belongs to. Demo routes (/api/demo/...): only the demo tenant, only in
// demo mode, without sign-in.
import type { Collective } from '#shared/catalog/catalog-types';
import { requireAthleteOwner, requireCollectiveOwner, requirePrincipal } from '#lambdas/platform/auth';
import { getCollective } from './catalog-repo';
import { config } from '#lambdas/platform/config';
import { Forbidden, NotFound } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';

export const isDemoRoute = (event: Event): boolean => event.routeKey.includes(' /api/demo/');

async function demoCollective(): Promise<Collective> {
  const { demoMode, demoCollectiveId } = config();
  if (!demoMode) throw new NotFound('Demo');
  const collective = await getCollective(demoCollectiveId);
  if (!collective) throw new NotFound('Demo collective');
  return collective;
}

/** An athlete's private data (sale lines with buyer labels, donations). */
export async function authorizeAthleteRead(event: Event, athleteId: number): Promise<void> {
  if (isDemoRoute(event)) {
    const collective = await demoCollective();
    if (athleteId !== config().demoAthleteId && !collective.members.includes(athleteId)) throw new NotFound(`Demo athlete ${athleteId}`);
    return;
  }
  const principal = requirePrincipal(event);
  if (principal.groups.includes('athlete') && principal.athleteId === athleteId) return;
  if (principal.groups.includes('collective') && principal.collectiveId !== null) {
    // Consistent: a collective sees its own membership edits at once.
    const collective = await getCollective(principal.collectiveId, { consistent: true });
    if (collective?.members.includes(athleteId)) return;
  }
  requireAthleteOwner(event, athleteId);
}

/** A collective's figures and transactions. */
export async function authorizeCollectiveRead(event: Event, collectiveId: number): Promise<void> {
  if (isDemoRoute(event)) {
    const collective = await demoCollective();
    if (collective.id !== collectiveId) throw new NotFound(`Demo collective ${collectiveId}`);
    return;
  }
  requireCollectiveOwner(event, collectiveId);
}

/** A write to a school's settings: the account of a collective affiliated with that school. */
export async function authorizeSchoolWrite(event: Event, schoolId: number): Promise<void> {
  const principal = requirePrincipal(event);
  const collective = principal.collectiveId === null ? undefined : await getCollective(principal.collectiveId, { consistent: true });
  if (!principal.groups.includes('collective') || !collective || collective.schoolId !== schoolId)
    throw new Forbidden('This school belongs to another collective');
}
