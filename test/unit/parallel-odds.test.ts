// A drop's odds per unit (shared/cards/parallel-odds.ts): what the card page says before buying.
import { parallelOdds } from '#shared/cards/parallel-odds';

const parallels = [
  { name: 'One of One', count: 1 },
  { name: 'Black', count: 10 },
  { name: 'Gold', count: 50 },
];

describe('parallel odds', () => {
  it('gives 1 in N per parallel at the current count, "so far" while live and exact after the close', () => {
    expect(parallelOdds(parallels, 1200, false).map((o) => o.text)).toEqual([
      'One of One: 1 in 1,200 so far',
      'Black: 1 in 120 so far',
      'Gold: 1 in 24 so far',
    ]);
    expect(parallelOdds(parallels, 1200, true).map((o) => o.text)).toEqual(['One of One: 1 in 1,200', 'Black: 1 in 120', 'Gold: 1 in 24']);
  });

  it('deals the parallels in draw order when there are fewer entries than copies', () => {
    const odds = parallelOdds(parallels, 30, true);
    expect(odds.map((o) => o.issued)).toEqual([1, 10, 19]);
    expect(odds[2].text).toBe('Gold: 1 in 2');
    expect(parallelOdds(parallels, 5, false).map((o) => o.text)).toEqual([
      'One of One: 1 in 5 so far',
      'Black: 1 in 1 so far',
      'Gold: none drawn at 5 entries so far',
    ]);
    expect(parallelOdds(parallels, 0, false)[0].text).toBe('One of One: 1 to draw, no entries yet');
  });
});
