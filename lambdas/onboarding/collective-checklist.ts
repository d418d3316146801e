// A new collective's checklist (GET /api/collectives/{id}/checklist, owner only): link payouts,
// school colours, invite athletes, first card, first drop, each done or not. Bounded reads: one
// BatchGet (the collective, its checklist item, its payments account) and, only while no member
// exists, one GSI1 Query of a single invite.
// - payouts: the collective's Stripe account item (the payout rail's, keys.collectivePayAccount:
//   accountId, chargesEnabled, payoutsEnabled, detailsSubmitted) says payouts are enabled; a missing item is not done;
// - colours: saved by this collective (admin-repo setSchoolColors) or chosen for a new school at
//   sign-up (collective-approval.ts), kept on the checklist item (catalog/collective-milestones.ts);
// - invite: an invite was sent or a member exists;
// - card / drop: a card created / a card published (cards-repo, the same milestones). Drops (timed
//   releases) arrive in a later issue: until then the first drop is the first published card.
// Shown to collectives that signed up (the item's createdAt, written by the approval) until every
// step is done or the collective dismisses it.
import type { ChecklistResponse, ChecklistStep } from '#shared/onboarding/collective-signup-api';
import { CHECKLIST_STEPS } from '#shared/onboarding/collective-signup-api';
import type { Collective } from '#shared/catalog/catalog-types';
import type { Principal } from '#lambdas/platform/auth';
import { NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';

export async function collectiveChecklist(store: Store, collectiveId: number): Promise<ChecklistResponse> {
  const [collectiveKey, checklistKey, paymentsKey] = [
    keys.catalogCollective(collectiveId),
    keys.collectiveChecklist(collectiveId),
    keys.collectivePayAccount(collectiveId),
  ];
  const found = await store.get([collectiveKey, checklistKey, paymentsKey]);
  const collective = found.get(keyString(collectiveKey))?.data as Collective | undefined;
  if (!collective) throw new NotFound(`Collective ${collectiveId}`);
  const checklist = found.get(keyString(checklistKey)) ?? {};
  const payments = found.get(keyString(paymentsKey));
  const invited = collective.members.length > 0 || (await store.queryIndex(keys.collectiveInvitesPartition(collectiveId), 1)).length > 0;
  const done: Record<ChecklistStep, boolean> = {
    payouts: payments?.payoutsEnabled === true,
    colors: typeof checklist.colorsSavedAt === 'string',
    invite: invited,
    card: typeof checklist.firstCardAt === 'string',
    drop: typeof checklist.firstPublishedAt === 'string',
  };
  const steps = CHECKLIST_STEPS.map((id) => ({ id, done: done[id] }));
  const dismissedAt = (checklist.dismissedAt as string | undefined) ?? null;
  const signedUp = typeof checklist.createdAt === 'string';
  return { steps, show: signedUp && dismissedAt === null && steps.some((s) => !s.done), dismissedAt };
}

/** Hides the checklist for good (who and when kept). */
export async function dismissChecklist(store: Store, collectiveId: number, principal: Principal, now = new Date()): Promise<ChecklistResponse> {
  await store.write({
    update: keys.collectiveChecklist(collectiveId),
    set: { type: 'checklist', collectiveId, dismissedAt: now.toISOString(), dismissedBy: principal.sub },
  });
  return collectiveChecklist(store, collectiveId);
}
