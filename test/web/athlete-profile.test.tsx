// Athlete profile and media rules: bio excerpt at 150 + '...', tiers, achievements '+N more', redirects.
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { CardView } from '@shared/catalog/catalog-api';
import type { CardSet } from '@shared/catalog/catalog-types';
import { CollectibleGrid } from '@/features/athletes/components/collectible-grid';
import userEvent from '@testing-library/user-event';
import { SAMPLE_ATHLETES } from '@shared/catalog/seed-data';
import { tierFor } from '@shared/catalog/tiers';
import { excerpt, visibleAchievements } from '@/lib/text';
import { entityApi } from './entity-api';
import { requestedPaths, fakeApi, renderRoute } from './harness';

jest.setTimeout(20_000);

describe('text rules', () => {
  it('cuts a bio longer than 150 characters and adds an ellipsis', () => {
    const long = 'x'.repeat(200);
    expect(excerpt(long)).toBe(`${'x'.repeat(150)}...`);
    expect(excerpt('short bio')).toBe('short bio');
    expect(excerpt('y'.repeat(150))).toBe('y'.repeat(150));
  });

  it('shows at most 4 achievements and counts the rest', () => {
    expect(visibleAchievements(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 2 });
    expect(visibleAchievements(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it("never shows the sample data's 'N/A' placeholder as an achievement", () => {
    expect(visibleAchievements(['N/A'])).toEqual({ shown: [], more: 0 });
    expect(visibleAchievements(['n/a', ' ', 'Team Captain', 'NA', '\u200B'])).toEqual({ shown: ['Team Captain'], more: 0 });
    expect(visibleAchievements(['a', 'N/A', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c', 'd'], more: 1 });
  });

  it('maps levels to tiers at thresholds 3, 5, 7, 9 (missing counts as 1)', () => {
    expect([10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((l) => tierFor(l).name)).toEqual([
      'Legendary',
      'Legendary',
      'Rare',
      'Rare',
      'Uncommon',
      'Uncommon',
      'Common',
      'Common',
      'Basic',
      'Basic',
    ]);
    expect(tierFor(undefined).name).toBe('Basic');
  });
});

describe('the Top Fan line of a closed set', () => {
  const card = (id: number) => ({ id, name: `Card ${id}`, image: '/images/cards/1.svg', priceCents: 500 }) as unknown as CardView;
  const closedSet = (id: number, cardIds: number[]) => ({ id, name: `Set ${id}`, cardIds, closedAt: '2026-11-01T00:00:00.000Z' }) as unknown as CardSet;

  it('reads right for one card, two cards and more', () => {
    render(
      <MemoryRouter>
        <CollectibleGrid
          cards={[card(1), card(2), card(3), card(4), card(5), card(6)]}
          sets={[closedSet(1, [1]), closedSet(2, [2, 3]), closedSet(3, [4, 5, 6])]}
          athleteId={1}
          athleteName="Marcus Reed"
        />
      </MemoryRouter>,
    );
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Set 1 · own this card to become a Top Fan',
      'Set 2 · collect both cards to become a Top Fan',
      'Set 3 · collect all 3 cards to become a Top Fan',
    ]);
  });
});

describe('athlete profile route', () => {
  let fetch: jest.Mock;
  beforeEach(() => {
    // Marcus's Gold has unlocked and sold some; his Signature is still locked at 7 of 10 Gold.
    fetch = fakeApi(
      entityApi({
        cards: {
          '1:1': { sold: 40, issued: 40, remaining: 460 },
          '1:2': {
            sold: 7,
            issued: 7,
            remaining: 93,
            locked: false,
            buyable: true,
            unlock: { cardId: 1, units: 25, sold: 40, unlockedAt: '2026-01-02T00:00:00.000Z' },
          },
          '1:3': { unlock: { cardId: 2, units: 10, sold: 7, unlockedAt: null } },
        },
      }),
    );
  });

  afterEach(() => {
    expect(requestedPaths(fetch).filter((p) => p.startsWith('/api/catalog'))).toEqual([]);
  });

  it('shows the tier banner, truncated bio, achievements with +N more, cards and related athletes', async () => {
    const marcus = SAMPLE_ATHLETES[0];
    renderRoute('/athlete/1');
    // The first render of the file loads the route's modules (slow on a busy machine).
    expect(await screen.findByRole('heading', { level: 1, name: /Marcus Reed/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Legendary')).toBeInTheDocument();
    // The level says what it means, and is the athlete's, never a card's rarity.
    expect(screen.getByText(/^Level 9 puts this athlete in the Legendary tier, their standing on Drift/)).toHaveTextContent("It is not a card's rarity");
    expect(screen.getByText(`${marcus.bio.slice(0, 150).trimEnd()}...`)).toBeInTheDocument();
    expect(screen.getByText('+1 more')).toBeInTheDocument();
    expect(screen.getByText('Team Captain')).toBeInTheDocument();
    expect(screen.queryByText('Academic All-American')).not.toBeInTheDocument();
    const collectibles = screen.getByRole('region', { name: 'Digital Collectibles' });
    expect(within(collectibles).getByRole('heading', { name: /2026 Season/ })).toBeInTheDocument();
    expect(within(collectibles).getAllByRole('link', { name: /^Buy Now$/ })).toHaveLength(2);
    expect(within(collectibles).getByText('$25.00')).toBeInTheDocument();
    // Each card in its frame: the edition and its size, not the athlete's tier.
    const frames = within(collectibles).getAllByRole('figure');
    expect(frames.map((f) => f.getAttribute('data-edition'))).toEqual(['base', 'gold', 'signature']);
    expect(frames[1]).toHaveTextContent('Gold edition of 100');
    for (const frame of frames) expect(frame).not.toHaveTextContent(/legendary|level/i);
    const related = await screen.findByRole('region', { name: 'Related Athletes' });
    expect(await within(related).findByRole('article', { name: 'Tyler Vance' })).toBeInTheDocument();
    // Lists show no tier (it read as the cards' rarity).
    expect(within(related).queryByText(/^(Legendary|Rare|Uncommon|Common|Basic)$/)).not.toBeInTheDocument();
    expect(within(related).queryByRole('article', { name: 'Marcus Reed' })).not.toBeInTheDocument();
    expect(requestedPaths(fetch)).toEqual(expect.arrayContaining(['/api/athletes/1', '/api/athletes/1/related?limit=12']));
  });

  it('shows each card’s sale state: left of an edition, locked with its progress and not buyable', async () => {
    renderRoute('/athlete/1');
    const base = await screen.findByRole('article', { name: 'Marcus Reed - Card #1' });
    expect(within(base).getByText('460 of 500 left')).toBeInTheDocument();
    expect(within(base).getByRole('link', { name: 'Buy Now' })).toBeInTheDocument();
    const gold = screen.getByRole('article', { name: 'Marcus Reed - Card #2' });
    expect(within(gold).getByText('93 of 100 left')).toBeInTheDocument();
    const signature = screen.getByRole('article', { name: 'Marcus Reed - Card #3' });
    expect(within(signature).getByText('7 of 10 Gold sold to unlock')).toBeInTheDocument();
    expect(within(signature).getByText('Locked')).toBeInTheDocument();
    expect(within(signature).queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(within(signature).getByRole('link', { name: 'View Marcus Reed - Card #3' })).toHaveAttribute('href', '/athlete/1/card/3');
  });

  it('marks a sold-out card and a retired card, neither buyable', async () => {
    fakeApi(
      entityApi({
        cards: {
          '2:1': { sold: 500, issued: 500, remaining: 0, soldOut: true, buyable: false },
          '2:2': { state: 'retired', retiredAt: '2026-05-01T00:00:00.000Z', locked: false, unlock: null, buyable: false },
        },
      }),
    );
    renderRoute('/athlete/2');
    const base = await screen.findByRole('article', { name: 'Jalen Brooks - Card #1' });
    expect(within(base).getAllByText('Sold out').length).toBeGreaterThan(0);
    expect(within(base).queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
    const gold = screen.getByRole('article', { name: 'Jalen Brooks - Card #2' });
    expect(within(gold).getByText('Retired: no longer on sale')).toBeInTheDocument();
    expect(within(gold).queryByRole('link', { name: 'Buy Now' })).not.toBeInTheDocument();
  });

  it("shows no 'N/A' bullet for an athlete without achievements (profile and media page)", async () => {
    renderRoute('/athlete/6');
    expect(await screen.findByRole('heading', { level: 1, name: /Caleb Morgan/ })).toBeInTheDocument();
    const achievements = screen.getByRole('region', { name: 'Achievements' });
    expect(within(achievements).queryByText('N/A')).not.toBeInTheDocument();
    expect(within(achievements).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(achievements).getByText('No achievements listed yet.')).toBeInTheDocument();
  });

  it('opens a card with the card, athlete name and id as navigation state', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/athlete/1');
    const buy = await screen.findAllByRole('link', { name: /^Buy Now$/ });
    await user.click(buy[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/athlete/1/card/2'));
    expect(router.state.location.state).toMatchObject({ athleteName: 'Marcus Reed', athleteId: 1, card: { id: 2, locked: false } });
  });

  it.each(['/athlete/999', '/athlete/abc', '/athlete-media/999'])('redirects an unknown athlete %s to /', async (path) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the error with Try Again when the athlete fails to load, then the page', async () => {
    let fail = true;
    const api = entityApi();
    fakeApi((path, init) => (fail && path === '/api/athletes/3' ? { status: 503, body: { error: { code: 'unavailable', message: 'x' } } } : api(path, init)));
    const user = userEvent.setup();
    renderRoute('/athlete/3');
    expect(await screen.findByText('Failed to load the athlete. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Tyler Vance/ })).toBeInTheDocument();
  });

  it('shows recent posts newest first on the media page', async () => {
    const api = entityApi();
    fakeApi((path, init) => {
      if (path === '/api/athletes/3/posts')
        return {
          body: {
            items: [
              { id: 1, content: 'Older post', date: '2026-01-01T00:00:00.000Z', updatedAt: null },
              { id: 2, content: 'Newer post', date: '2026-03-01T00:00:00.000Z', updatedAt: null },
            ],
          },
        };
      return api(path, init);
    });
    renderRoute('/athlete-media/3');
    await screen.findByText('Newer post');
    const posts = screen.getAllByRole('listitem').filter((li) => li.classList.contains('post'));
    expect(posts.map((p) => p.textContent)).toEqual([expect.stringContaining('Newer post'), expect.stringContaining('Older post')]);
  });
});
