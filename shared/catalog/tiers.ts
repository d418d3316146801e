// Level tiers (SPEC section 4): thresholds 3, 5, 7, 9; a missing level counts as 1.

export type TierName = 'Legendary' | 'Rare' | 'Uncommon' | 'Common' | 'Basic';

export interface Tier {
  name: TierName;
  colour: 'purple' | 'blue' | 'green' | 'yellow' | 'grey';
  hex: string;
}

const TIERS: Array<{ min: number; tier: Tier }> = [
  { min: 9, tier: { name: 'Legendary', colour: 'purple', hex: '#7C3AED' } },
  { min: 7, tier: { name: 'Rare', colour: 'blue', hex: '#2563EB' } },
  { min: 5, tier: { name: 'Uncommon', colour: 'green', hex: '#15803D' } },
  { min: 3, tier: { name: 'Common', colour: 'yellow', hex: '#A16207' } },
];
const BASIC: Tier = { name: 'Basic', colour: 'grey', hex: '#4B5563' };

export function tierFor(level: number | null | undefined): Tier {
  const value = typeof level === 'number' && Number.isFinite(level) ? level : 1;
  return TIERS.find((t) => value >= t.min)?.tier ?? BASIC;
}
