// The stylesheet's tier colours (set per data-tier, so server-rendered HTML needs no style
// attribute) are shared/catalog/tiers.ts's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tierFor } from '#shared/catalog/tiers';

const css = readFileSync(path.join(__dirname, '../../web/src/styles/base.css'), 'utf8');

it.each([0, 3, 5, 7, 9])('level %i: the stylesheet colours its tier as shared/catalog/tiers.ts does', (level) => {
  const tier = tierFor(level);
  const rule = new RegExp(`\\[data-tier='${tier.name}'\\] \\{\\s*--tier: ([^;]+);\\s*--tier-soft: ([^;]+);`).exec(css);
  expect(rule).not.toBeNull();
  expect(rule![1].toLowerCase()).toBe(tier.hex.toLowerCase());
  expect(rule![2].toLowerCase()).toBe(`${tier.hex.toLowerCase()}cc`);
});
