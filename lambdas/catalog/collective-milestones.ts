// What a collective has done for the first time, kept on its checklist item
// (keys.collectiveChecklist): the facts the dashboard's checklist of a new collective reads
// (lambdas/onboarding/collective-checklist.ts) besides its payments account, members and invites.
// Each is written by the code that does the thing, in the same transaction: school colours saved
// (admin-repo.ts setSchoolColors), a card created and a card published (lambdas/cards/card-moves.ts, card-publishing.ts).
// if_not_exists keeps the first time and who did it. The approval of the collective's application
// creates the item (with colorsSavedAt when the applicant chose a new school's colours); for a
// collective that never applied (seeded ones) these writes make an item without `createdAt`,
// which the checklist does not show.
import * as keys from '#lambdas/platform/keys';
import type { Write } from '#lambdas/platform/store';

export type Milestone = 'colorsSavedAt' | 'firstCardAt' | 'firstPublishedAt';

export function milestoneWrite(collectiveId: number, milestone: Milestone, at: string, by: string): Write {
  return {
    update: keys.collectiveChecklist(collectiveId),
    expression: 'SET #type = :type, #collectiveId = :collectiveId, #at = if_not_exists(#at, :at), #by = if_not_exists(#by, :by)',
    names: { '#type': 'type', '#collectiveId': 'collectiveId', '#at': milestone, '#by': `${milestone}By` },
    values: { ':type': 'checklist', ':collectiveId': collectiveId, ':at': at, ':by': by },
  };
}
