// Demo shell: role dropdown, role button, search box, footer near the bottom, carousel arrows, not-found page.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { arrowState, Carousel } from '@/components/carousel';
import { isNearBottom } from '@/components/demo-shell';
import { writeDemoRole } from '@/lib/demo-role';
import { getSession } from '@/lib/auth/session-store';
import { entityApi } from './entity-api';
import { fakeApi, renderRoute, requestedPaths, signIn, signOut } from './harness';

jest.setTimeout(20_000);

beforeEach(() => {
  localStorage.clear();
  fakeApi(entityApi());
});

describe('demo role dropdown', () => {
  it('lists the roles with the Active badge and footer text, and switches role', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/demo/search');
    expect(await screen.findByRole('link', { name: 'My Cards' })).toHaveAttribute('href', '/demo/mycards');
    await user.click(screen.getByRole('button', { name: /Demo/ }));
    const menu = screen.getByRole('menu', { name: 'Demo roles' });
    expect(within(menu).getByRole('menuitem', { name: /Logged in as Buyer/ })).toHaveTextContent('Active');
    expect(within(menu).getByRole('menuitem', { name: 'Login as Athlete' })).toBeInTheDocument();
    expect(within(menu).getByText('Demo roles to test different UI experiences')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Login as Athlete' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/demo'));
    expect(screen.getByRole('link', { name: 'My Stats' })).toHaveAttribute('href', '/demo/athlete');
    expect(localStorage.getItem('demoRole')).toBe('athlete');

    await user.click(screen.getByRole('button', { name: /Demo/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Login as Collective' }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/demo/collective');
  });

  it('keeps the role across reloads and accepts only the three roles', async () => {
    localStorage.setItem('demoRole', 'collective');
    renderRoute('/demo/learn');
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(writeDemoRole('admin')).toBe(false);
    expect(localStorage.getItem('demoRole')).toBe('collective');
    localStorage.setItem('demoRole', 'hacker');
    act(() => {
      window.dispatchEvent(new Event('storage'));
    });
    expect(screen.getByRole('link', { name: 'My Cards' })).toBeInTheDocument();
  });

  it('closes on an outside click and on Escape', async () => {
    const user = userEvent.setup();
    renderRoute('/demo/learn');
    await user.click(await screen.findByRole('button', { name: /Demo/ }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Demo/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('the demo switcher is for the demo, never for a signed-in account', () => {
  const signInWith = (groups: string[]) =>
    signIn({ sub: `u-${groups.join('-') || 'fan'}`, email: 'newfan@example.com', 'cognito:username': 'newfan', 'cognito:groups': groups });
  // The screen goes first: signing out under a mounted screen updates it outside act().
  afterEach(() => {
    cleanup();
    signOut();
  });

  it.each([
    [[], '/demo/learn', 'My Cards', '/mycards'],
    [['buyer'], '/athlete/1', 'My Cards', '/mycards'],
    [['athlete'], '/demo/learn', 'My Stats', '/athlete'],
    [['collective'], '/demo/learn', 'Dashboard', '/collective'],
    [['operator'], '/demo/learn', 'Console', '/operator'],
  ])('a signed-in account in %j on %s sees no Demo menu and its own %s button', async (groups, at, label, href) => {
    signInWith(groups);
    renderRoute(at);
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', href);
    expect(screen.queryByRole('button', { name: /Demo/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Logged in as/)).not.toBeInTheDocument();
  });

  it('a visitor who is not signed in gets the switcher, on /demo and on the pages browsed from it', async () => {
    renderRoute('/athlete/1');
    expect(await screen.findByRole('button', { name: /Demo/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Cards' })).toHaveAttribute('href', '/demo/mycards');
  });
});

describe('top bar search and links', () => {
  it('goes to /demo/search?query= on Enter and clears the box', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/demo/learn');
    const box = await screen.findByLabelText('Search athletes and schools');
    await user.type(box, 'Drift Tech{Enter}');
    await waitFor(() => expect(location().pathname + location().search).toBe('/demo/search?query=Drift%20Tech'));
    expect(box).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/demo/waiting-list');
    expect(screen.getByRole('link', { name: 'Drift home' })).toHaveAttribute('href', '/');
  });
});

describe('Back', () => {
  it('follows the browser history: back to the page the fan came from', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/search');
    await user.click(await screen.findByRole('link', { name: 'Drift home' }));
    await screen.findByRole('heading', { name: 'Let Your Fans Elevate Your Program' });
    expect(location().pathname).toBe('/');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(location().pathname).toBe('/search'));
  });

  it('falls back to the storefront (/) on a page opened directly, and is not offered there', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/demo/learn');
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/');
    await user.click(back);
    await screen.findByRole('heading', { name: 'Let Your Fans Elevate Your Program' });
    expect(location().pathname).toBe('/');
    // Now on / with history: Back returns to /demo/learn.
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(location().pathname).toBe('/demo/learn'));
  });

  it('is not offered on the storefront opened directly (nowhere to go back to)', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { name: 'Let Your Fans Elevate Your Program' });
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });
});

describe('footer near bottom', () => {
  it('is near the bottom only within 10 px', () => {
    expect(isNearBottom(1090, 900, 2000)).toBe(true);
    expect(isNearBottom(1089, 900, 2000)).toBe(false);
    expect(isNearBottom(0, 900, 900)).toBe(true);
  });

  it('shows the copyright only when scrolled to the bottom', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: 0 });
    renderRoute('/demo/learn');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/All rights reserved/)).not.toBeInTheDocument();
    window.scrollY = 2195;
    fireEvent.scroll(window);
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument();
    window.scrollY = 1500;
    fireEvent.scroll(window);
    expect(screen.queryByText(/All rights reserved/)).not.toBeInTheDocument();
  });
});

describe('phone menu', () => {
  it('offers Contact Us, Back to Main and Sign in behind the More button, and closes on Escape and on navigation', async () => {
    const user = userEvent.setup();
    const { location } = renderRoute('/demo/search');
    const more = await screen.findByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'More' });
    expect(within(menu).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/demo/waiting-list');
    expect(within(menu).getByRole('link', { name: 'Back to Main' })).toHaveAttribute('href', '/main');
    expect(within(menu).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'More' })).not.toBeInTheDocument();
    expect(more).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('navigation', { name: 'More' })).getByRole('link', { name: 'Contact Us' }));
    await waitFor(() => expect(location().pathname).toBe('/demo/waiting-list'));
    expect(await screen.findByRole('heading', { name: 'Get on the List' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'More' })).not.toBeInTheDocument();
  });
});

describe('phone menu sign-out', () => {
  // The screen goes first: signing out under a mounted screen updates it outside act().
  afterEach(() => {
    cleanup();
    signOut();
  });

  it('signs out from the More menu although the menu closes on the way to /demo', async () => {
    signIn({ sub: 'b1', email: 'fan@example.com', 'cognito:username': 'fan', 'cognito:groups': ['buyer'] });
    const user = userEvent.setup();
    const { location } = renderRoute('/demo/learn');
    await user.click(await screen.findByRole('button', { name: 'More' }));
    const menu = screen.getByRole('navigation', { name: 'More' });
    expect(within(menu).getByText(/Signed in as/)).toHaveTextContent('fan');
    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(location().pathname).toBe('/demo');
    expect(screen.queryByRole('navigation', { name: 'More' })).not.toBeInTheDocument();
  });
});

describe('carousel', () => {
  /** A carousel of two items whose track is 1023 px wide out of 2000. */
  const renderTrack = () => {
    render(
      <Carousel label="Things">
        <div>one</div>
        <div>two</div>
      </Carousel>,
    );
    const track = screen.getByText('one').parentElement!;
    Object.defineProperty(track, 'clientWidth', { configurable: true, value: 1023 });
    Object.defineProperty(track, 'scrollWidth', { configurable: true, value: 2000 });
    return track;
  };

  it('computes disabled ends', () => {
    expect(arrowState({ scrollLeft: 0, clientWidth: 1023, scrollWidth: 2000 })).toEqual({ atStart: true, atEnd: false });
    expect(arrowState({ scrollLeft: 977, clientWidth: 1023, scrollWidth: 2000 })).toEqual({ atStart: false, atEnd: true });
    expect(arrowState({ scrollLeft: 400, clientWidth: 1023, scrollWidth: 2000 })).toEqual({ atStart: false, atEnd: false });
  });

  it('counts a track parked a few pixels off an end (scroll snapping) as at that end', () => {
    expect(arrowState({ scrollLeft: 2, clientWidth: 1023, scrollWidth: 2000 })).toEqual({ atStart: true, atEnd: false });
    expect(arrowState({ scrollLeft: 972.5, clientWidth: 1023, scrollWidth: 2000 })).toEqual({ atStart: false, atEnd: true });
    expect(arrowState({ scrollLeft: 20, clientWidth: 1023, scrollWidth: 2000 })).toEqual({ atStart: false, atEnd: false });
  });

  it('re-evaluates the arrows when the window is resized', () => {
    const track = renderTrack();
    track.scrollLeft = 2;
    fireEvent(window, new Event('resize'));
    expect(screen.getByRole('button', { name: 'Previous Things' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next Things' })).toBeEnabled();
    // A wider window shows everything: both arrows off.
    Object.defineProperty(track, 'clientWidth', { configurable: true, value: 1996 });
    fireEvent(window, new Event('resize'));
    expect(screen.getByRole('button', { name: 'Next Things' })).toBeDisabled();
  });

  it('disables the previous arrow at the start and the next arrow at the end', () => {
    const track = renderTrack();
    fireEvent.scroll(track, { target: { scrollLeft: 0 } });
    expect(screen.getByRole('button', { name: 'Previous Things' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next Things' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next Things' }));
    fireEvent.scroll(track, { target: { scrollLeft: 977 } });
    expect(screen.getByRole('button', { name: 'Previous Things' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next Things' })).toBeDisabled();
  });
});

describe('demo home and not found', () => {
  it('features up to 6 schools and the last 6 athletes (GET /api/featured)', async () => {
    const fetch = fakeApi(entityApi());
    renderRoute('/demo');
    const athletes = await screen.findByRole('region', { name: 'Featured Athletes' });
    const names = within(athletes)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Avery Collins', 'Jordan Price', 'Kendall Ross', 'Riley Chen', 'Sam Whitaker', 'Cameron Lowe']);
    const schools = screen.getByRole('region', { name: 'Featured Schools' });
    expect(within(schools).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(requestedPaths(fetch).filter((p) => p.startsWith('/api/'))).toEqual(['/api/featured']);
  });

  it('keeps placeholder cards while loading, then shows the error with Try Again, then the carousels', async () => {
    let fail = true;
    const api = entityApi();
    fakeApi((path, init) => (fail && path === '/api/featured' ? { status: 503, body: { error: { code: 'unavailable', message: 'x' } } } : api(path, init)));
    const user = userEvent.setup();
    renderRoute('/demo');
    expect(await screen.findByText('Failed to load the featured athletes and schools. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    const athletes = await screen.findByRole('region', { name: 'Featured Athletes' });
    expect(await within(athletes).findByRole('article', { name: 'Cameron Lowe' })).toBeInTheDocument();
  });

  it('says so when there is nothing to feature', async () => {
    fakeApi(entityApi({ override: (path) => (path === '/api/featured' ? { body: { schools: [], athletes: [] } } : undefined) }));
    renderRoute('/demo');
    expect(await screen.findByText('No schools yet.')).toBeInTheDocument();
    expect(screen.getByText('No athletes yet.')).toBeInTheDocument();
  });

  it('shows a designed not-found page with a way home', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: /isn't in the playbook/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
