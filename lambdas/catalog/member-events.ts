// A collective's membership changes as events (docs/decisions/0025): an athlete added, edited
// (name, sport, position, number, status: paused or active) or removed, recorded in the collective's
// audit log in the change's own transaction (admin-repo.ts). The id is the athlete, the change and
// its moment.
import type { DriftEvent } from '#shared/notifications/events';
import { changedFields } from '#shared/notifications/events';
import type { Athlete } from '#shared/catalog/catalog-types';

/** Who changed the membership, as the audit log names them (the collective's account). */
export interface MemberActor {
  sub: string;
  label: string;
}

const facts = (a: Athlete) => ({ name: a.name, sport: a.sport, position: a.position, number: a.number, status: a.status });

export function memberEvent(
  change: 'added' | 'updated' | 'removed',
  collectiveId: number,
  before: Athlete | null,
  after: Athlete | null,
  actor: MemberActor,
  at = new Date().toISOString(),
): DriftEvent {
  const athlete = (after ?? before)!;
  const diff = before && after ? changedFields(facts(before), facts(after)) : { before: before ? facts(before) : null, after: after ? facts(after) : null };
  const paused = change === 'updated' && diff.after && 'status' in diff.after ? ` (${String(diff.after.status).toLowerCase()})` : '';
  return {
    id: `member:${collectiveId}:${athlete.id}:${change}:${String(Date.parse(at))}`,
    at,
    actor: { role: 'collective', sub: actor.sub, label: actor.label },
    action: `member.${change}`,
    summary:
      change === 'added'
        ? `Added ${athlete.name} as a member athlete`
        : change === 'removed'
          ? `Removed ${athlete.name} from the members`
          : `Edited ${athlete.name}${paused}`,
    subject: { type: 'member', id: String(athlete.id), athleteId: athlete.id },
    auditCollectiveId: collectiveId,
    before: diff.before,
    after: diff.after,
  };
}
