// The card page is rendered on request with the card's sale state, so its HTML already knows a card
// is buyable; a click on Buy before the app has hydrated the page has no handler and would be lost.
// Buy is disabled in the server's HTML and enabled once hydrated (components/buy-panel.tsx).
import { screen } from '@testing-library/react';
import { SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import { BuyPanel } from '@/features/cards/components/buy-panel';
import { cardView } from './entity-api';
import { serverHtml } from './server-html';

const { prerender, hydrate } = serverHtml();

const athlete = SAMPLE_CATALOG.athletes[0]!;
const panel = (
  <BuyPanel
    card={cardView(athlete, athlete.digitalcollectibles[0]!.id)}
    athleteId={athlete.id}
    athleteName={athlete.name}
    status={{ kind: 'limited', text: '', buyable: true }}
    onPurchased={() => undefined}
    onStale={() => undefined}
  />
);

describe('Buy on a server-rendered card page', () => {
  it('is disabled in the HTML and enabled once the app has hydrated it', async () => {
    prerender(panel);
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
    await hydrate(panel);
    expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
  });
});
