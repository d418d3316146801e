// Search page: quick filters, URL sync, Athletes and Schools sections only when non-empty.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAMPLE_CATALOG } from '@shared/seed-data';
import { mockApi, renderRoute } from './render-app';

describe('search route', () => {
  beforeEach(() => {
    mockApi();
  });

  it('reads the query from the URL and shows both sections for a school name', async () => {
    renderRoute('/demo/search?query=drift%20tech');
    expect(await screen.findByRole('heading', { name: 'Search Athletes & Teams' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Schools' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Athletes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View School Drift Tech' })).toHaveAttribute('href', '/school/3');
    expect(screen.getByRole('link', { name: 'View Profile of Andre Coleman' })).toHaveAttribute('href', '/athlete/4');
  });

  it('keeps the URL in sync with typing and hides the empty Schools section', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/search');
    const box = await screen.findByPlaceholderText('Search by name, school, or sport...');
    await user.type(box, 'reed');
    await waitFor(() => expect(router.state.location.search).toBe('?query=reed'));
    expect(screen.getByRole('article', { name: 'Marcus Reed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Schools' })).not.toBeInTheDocument();
  });

  it('applies a quick filter, matching Track & Field to Track and Field athletes', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/demo/search');
    await user.click(await screen.findByRole('button', { name: 'Track & Field' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=Track+%26+Field'));
    expect(screen.getByRole('button', { name: 'Track & Field' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('article', { name: 'Avery Collins' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Riley Chen' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Marcus Reed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Basketball' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=Basketball'));
    expect(screen.getByRole('article', { name: 'Jalen Brooks' })).toBeInTheDocument();
  });

  it('shows neither section when nothing matches', async () => {
    renderRoute('/search?query=zzzz');
    expect(await screen.findByText('No athletes or schools match "zzzz".')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Athletes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Schools' })).not.toBeInTheDocument();
  });

  it('shows an error with retry when the catalog fails', async () => {
    let fail = true;
    mockApi(() => (fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { body: SAMPLE_CATALOG }));
    const user = userEvent.setup();
    renderRoute('/search?query=reed');
    expect(await screen.findByText('Failed to load the catalog. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Marcus Reed' })).toBeInTheDocument();
  });
});
