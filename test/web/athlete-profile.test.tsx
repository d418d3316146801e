// Athlete profile and media rules: bio excerpt at 150 + '...', tiers, achievements '+N more', redirects.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAMPLE_ATHLETES, SAMPLE_CATALOG } from '@shared/seed-data';
import { tierFor } from '@shared/tiers';
import { excerpt, visibleAchievements } from '@/lib/text';
import { mockApi, renderRoute } from './render-app';

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

describe('athlete profile route', () => {
  beforeEach(() => {
    mockApi();
  });

  it('shows the tier banner, truncated bio, achievements with +N more, cards and related athletes', async () => {
    const marcus = SAMPLE_ATHLETES[0];
    renderRoute('/athlete/1');
    expect(await screen.findByRole('heading', { level: 1, name: /Marcus Reed/ })).toBeInTheDocument();
    expect(screen.getByText('Legendary')).toBeInTheDocument();
    expect(screen.getByText(`${marcus.bio.slice(0, 150).trimEnd()}...`)).toBeInTheDocument();
    expect(screen.getByText('+1 more')).toBeInTheDocument();
    expect(screen.getByText('Team Captain')).toBeInTheDocument();
    expect(screen.queryByText('Academic All-American')).not.toBeInTheDocument();
    const collectibles = screen.getByRole('region', { name: 'Digital Collectibles' });
    expect(within(collectibles).getAllByRole('link', { name: /^Buy Now$/ })).toHaveLength(3);
    expect(within(collectibles).getByText('$25.00')).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related Athletes' });
    expect(within(related).queryByRole('article', { name: 'Marcus Reed' })).not.toBeInTheDocument();
    expect(within(related).getByRole('article', { name: 'Jalen Brooks' })).toBeInTheDocument();
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
    const { router } = renderRoute('/athlete/2');
    const buy = await screen.findAllByRole('link', { name: /^Buy Now$/ });
    await user.click(buy[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/athlete/2/card/2'));
    expect(router.state.location.state).toMatchObject({ athleteName: 'Jalen Brooks', athleteId: 2, card: { id: 2 } });
  });

  it.each(['/athlete/999', '/athlete/abc', '/athlete-media/999'])('redirects an unknown athlete %s to /', async (path) => {
    const { router } = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows recent posts newest first on the media page', async () => {
    mockApi((path) => {
      if (path === '/api/athletes/3/posts')
        return {
          body: {
            items: [
              { id: 1, content: 'Older post', date: '2026-01-01T00:00:00.000Z', updatedAt: null },
              { id: 2, content: 'Newer post', date: '2026-03-01T00:00:00.000Z', updatedAt: null },
            ],
          },
        };
      return { body: SAMPLE_CATALOG };
    });
    renderRoute('/athlete-media/3');
    await screen.findByText('Newer post');
    const posts = screen.getAllByRole('listitem').filter((li) => li.classList.contains('post'));
    expect(posts.map((p) => p.textContent)).toEqual([expect.stringContaining('Newer post'), expect.stringContaining('Older post')]);
  });
});
