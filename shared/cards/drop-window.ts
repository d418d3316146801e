// A moment drop's window (decision 0022), apart from the lifecycle module so that settlement (and
// every bundle that reads the athlete's total through it) carries this one rule only.
import type { CardDrop } from '../catalog/catalog-types';

/** Whether an order created at `createdAt` falls inside the drop's window (its units are numbered). */
export const inDropWindow = (drop: Pick<CardDrop, 'startsAt' | 'endsAt'>, createdAt: string): boolean => {
  const t = Date.parse(createdAt);
  return t >= Date.parse(drop.startsAt) && t < Date.parse(drop.endsAt);
};
