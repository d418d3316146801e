// Onboarding's events (docs/decisions/0025): membership changes recorded in the collective's audit
// log and told to whom they concern, in the transaction of the change. A profile request tells the
// collectives of its school; an invite is emailed to the athlete (the claim link, transactional: it
// has no account or preferences yet) and noted for the collective; a claim, a revocation, an
// accepted or declined request are audited. Each id is the subject and the moment, so a repeat of
// the same change cannot record twice.
import type { DriftEvent } from '#shared/notifications/events';
import type { Principal } from '#lambdas/platform/auth';
import * as keys from '#lambdas/platform/keys';
import type { Write } from '#lambdas/platform/store';
import { recipientKey } from '#lambdas/notifications/recipients';

const ms = (at: string) => String(Date.parse(at));
const staff = (p: Principal) => ({ role: 'collective' as const, sub: p.sub, label: p.email ?? 'The collective' });

/** The linked account's email as the athlete's address for notifications (in the link's transaction). */
export function athleteAddressWrite(athleteId: number, email: string | null): Write[] {
  if (!email) return [];
  const recipient = recipientKey({ kind: 'athlete', athleteId });
  return [{ update: keys.notifyPrefs(recipient), set: { recipient, address: email, addressAt: new Date().toISOString() } }];
}

export function profileRequestEvent(
  request: { requestId: string; name: string; sport: string; schoolName: string; createdAt: string },
  collectiveIds: number[],
): DriftEvent {
  return {
    id: `profile-request:${request.requestId}:${ms(request.createdAt)}`,
    at: request.createdAt,
    actor: { role: 'fan', sub: null, label: request.name },
    action: 'profile-request.received',
    summary: `Profile request from ${request.name} (${request.sport}, ${request.schoolName})`,
    subject: { type: 'profile-request', id: request.requestId },
    // Every collective of the school is told; none owns the request before one answers it.
    auditCollectiveId: null,
    notices: [
      {
        category: 'profile_request',
        recipients: collectiveIds.map((collectiveId) => ({ kind: 'collective' as const, collectiveId })),
        title: `Profile request: ${request.name}`,
        body: `${request.name} (${request.sport}) asks to join ${request.schoolName} on Drift. Accept it with their jersey number, or decline it with a reason they will see.`,
        link: '/collective?section=settings&tab=requests',
      },
    ],
  };
}

export function inviteEvent(
  invite: { codeHash: string; collectiveId: number; athleteId: number; athleteName: string; email: string; createdAt: string; expiresAt: string },
  claimUrl: string,
  principal: Principal,
): DriftEvent {
  return {
    id: `invite:${invite.codeHash.slice(0, 32)}`,
    at: invite.createdAt,
    actor: staff(principal),
    action: 'invite.created',
    summary: `Invited ${invite.athleteName} to claim their profile (sent to ${invite.email})`,
    subject: { type: 'invite', id: invite.codeHash.slice(0, 12), athleteId: invite.athleteId },
    auditCollectiveId: invite.collectiveId,
    after: { email: invite.email, expiresAt: invite.expiresAt, state: 'open' },
    notices: [
      {
        category: 'invite_sent',
        recipients: [{ kind: 'address', email: invite.email }],
        transactional: true,
        title: `Your athlete profile on Drift: ${invite.athleteName}`,
        body:
          `Your collective invites you to claim your athlete profile on Drift, where fans buy your official cards. ` +
          `Open this link and sign up or sign in with this email address (${invite.email}): ${claimUrl} ` +
          `The link works once, for this email, until ${invite.expiresAt.slice(0, 10)}. If you did not expect it, ignore this email.`,
        link: null,
      },
      {
        category: 'invite_sent',
        recipients: [{ kind: 'collective', collectiveId: invite.collectiveId }],
        title: `Invite sent to ${invite.athleteName}`,
        body: `We emailed ${invite.athleteName} (${invite.email}) the link to claim their profile. It works until ${invite.expiresAt.slice(0, 10)}.`,
        link: '/collective?section=settings&tab=invites',
      },
    ],
  };
}

export function inviteChangeEvent(
  change: 'claimed' | 'revoked',
  invite: { codeHash: string; collectiveId: number; athleteId: number; athleteName: string },
  at: string,
  actor: Principal,
): DriftEvent {
  return {
    id: `invite:${invite.codeHash.slice(0, 32)}:${change}`,
    at,
    actor: change === 'claimed' ? { role: 'athlete', sub: actor.sub, label: invite.athleteName } : staff(actor),
    action: `invite.${change}`,
    summary: change === 'claimed' ? `${invite.athleteName} claimed their profile: their account is linked` : `Withdrew the invite of ${invite.athleteName}`,
    subject: { type: 'invite', id: invite.codeHash.slice(0, 12), athleteId: invite.athleteId },
    auditCollectiveId: invite.collectiveId,
    before: { state: 'open' },
    after: { state: change },
  };
}

export function profileDecisionEvent(
  decision: 'accepted' | 'declined',
  request: { requestId: string; name: string },
  collectiveId: number,
  at: string,
  principal: Principal,
  detail: { athleteId?: number; number?: string; reason?: string | null },
): DriftEvent {
  return {
    id: `profile-request:${request.requestId}:${decision}:${ms(at)}`,
    at,
    actor: staff(principal),
    action: `member.${decision === 'accepted' ? 'added' : 'request-declined'}`,
    summary:
      decision === 'accepted'
        ? `Accepted the profile request of ${request.name}: a new member athlete${detail.number ? ` (#${detail.number})` : ''}`
        : `Declined the profile request of ${request.name}${detail.reason ? ` (“${detail.reason}”)` : ''}`,
    subject: { type: decision === 'accepted' ? 'member' : 'profile-request', id: String(detail.athleteId ?? request.requestId), athleteId: detail.athleteId },
    auditCollectiveId: collectiveId,
    before: { state: 'pending' },
    after: { state: decision, ...(detail.reason ? { reason: detail.reason } : {}), ...(detail.athleteId ? { athleteId: detail.athleteId } : {}) },
  };
}
