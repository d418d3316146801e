// The collective dashboard's prerendered page (/demo/collective, built signed out and without
// data): its HTML is the whole layout (header, menu, tile labels, chart frames), and the browser
// hydrates it without a mismatch even when the URL names another section (?section=, which the
// build cannot see), then shows that section.
import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import CollectivePanelRoute from '@/features/collective-panel/collective-panel-route';
import { collectiveResponse, collectiveStats, members } from './fixtures';
import { fakeApi } from '../harness';

jest.setTimeout(30_000);

const page = (at: string) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/demo/collective" element={<CollectivePanelRoute />} />
      </Routes>
    </MemoryRouter>
  </SWRConfig>
);

describe('prerendered collective dashboard', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('is the layout without data: header, menu, tile labels, chart titles and empty frames', () => {
    const html = renderToString(page('/demo/collective'));
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('Collective Dashboard');
    expect([...doc.querySelectorAll('.dash-menu button')].map((b) => b.textContent)).toEqual([
      'Overview',
      'Athletes',
      'Cards',
      'Transactions',
      'Payouts',
      'Settings',
      'Audit log',
    ]);
    expect([...doc.querySelectorAll('.dash-tile dt')].map((d) => d.textContent)).toHaveLength(5);
    expect([...doc.querySelectorAll('figcaption')].map((f) => f.textContent)).toEqual(['Monthly Earnings', 'Earnings per Athlete']);
    expect(doc.querySelectorAll('.dash-chart-frame')).toHaveLength(2);
    expect(doc.querySelector('.dash-chart')).toBeNull();
    expect([...doc.querySelectorAll('[role="status"]')].map((s) => s.textContent)).toContain('Loading stats...');
    // The page's markup may carry no style attribute (the Content-Security-Policy blocks them).
    expect(html).not.toMatch(/\sstyle="/);
  });

  it.each([
    ['/demo/collective', 'Collective figures'],
    ['/demo/collective?section=athletes', 'Athlete totals'],
  ])('hydrates %s without a mismatch, then shows its section with the data', async (at, tilesLabel) => {
    fakeApi({
      'GET /api/collectives/1/stats': { body: collectiveStats() },
      'GET /api/collectives/1': { body: collectiveResponse() },
      'GET /api/collectives/1/members': { body: { items: members(), nextCursor: null } },
    });
    const container = document.createElement('div');
    container.innerHTML = renderToString(page('/demo/collective'));
    document.body.appendChild(container);
    const recoverable = jest.fn();
    const errors = jest.spyOn(console, 'error');
    try {
      await act(async () => {
        root = hydrateRoot(container, page(at), { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => /hydrat|did not match/i.test(m))).toEqual([]);
      const tiles = within(await screen.findByLabelText(tilesLabel));
      expect(await tiles.findByText('5')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: tilesLabel === 'Athlete totals' ? 'Athletes' : 'Overview' })).toHaveAttribute('aria-selected', 'true');
    } finally {
      errors.mockRestore();
    }
  });
});
