// What a card page's Recent sales says before any sale (web/src/features/cards/components/recent-sales.tsx):
// the first buyer's serial only while someone can still buy; a closed drop and a retired card say none sold.
import { noSalesText } from '@/features/cards/components/recent-sales';

describe('Recent sales with no sale', () => {
  it('promises serial #1 only while the card can still be bought', () => {
    expect(noSalesText({ state: 'published', drop: null })).toBe('No sales yet: the first buyer gets serial #1.');
    expect(noSalesText({ state: 'retired', drop: null })).toBe('No copies were sold before this card was retired.');
    expect(noSalesText({ state: 'published', drop: { phase: 'closed', printRun: 0 } as never })).toBe('No copies sold in this drop.');
  });
});
