// The unlock rule (DESIGN.md section 10, docs/ARCHITECTURE.md "Quotas, editions and sets"): a card
// with an unlock rule is locked until counted sales of the named card (paid, net of refunds and
// cancellations) reach the rule's units; the unlock is recorded once and is permanent, even if a
// later refund takes the sales back under the quota. Ingestion decides it when sales move
// (shared/orders/settlement.ts), publication for a card whose quota was already reached
// (lambdas/cards/cards-repo.ts), and the views read it (lambdas/catalog/catalog-views.ts).
import type { DigitalCollectible, UnlockRule } from '../catalog/catalog-types';

/** Counted units per card id (the athlete's total item). */
export type CountedUnits = Readonly<Record<string, number>>;

/** Counted sales of the named card have reached the quota. */
export const quotaReached = (rule: UnlockRule, counted: CountedUnits): boolean => Number(counted[String(rule.cardId)] ?? 0) >= rule.units;

/** Locked: the card has an unlock rule and no unlock is recorded (once recorded, it stays). */
export const isLocked = (rule: UnlockRule | null | undefined, unlockedAt: string | null | undefined): boolean => Boolean(rule) && !unlockedAt;

/** The card unlocks now: it is locked and its quota is reached. */
export function unlocksNow(rule: UnlockRule | null | undefined, counted: CountedUnits, unlockedAt: string | null | undefined): rule is UnlockRule {
  return isLocked(rule, unlockedAt) && quotaReached(rule!, counted);
}

/** '18 of 25 Base sold to unlock': the progress of a locked card, named by the quota card's edition
 * (its title without one, 'cards' when it is not at hand). */
export function unlockProgress(progress: { sold: number; units: number }, quota?: Pick<DigitalCollectible, 'name'> & { edition?: string | null }): string {
  const name = quota?.edition || quota?.name || 'cards';
  return `${Math.min(progress.sold, progress.units)} of ${progress.units} ${name} sold to unlock`;
}
