// Posts: composer rules, the per-post menu (one open at a time, closes outside), the delete confirmation, real edits.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Post } from '@shared/sales/sales-api';
import { FADE_DELAY_MS, PostsTab } from '@/features/athlete-panel/components/posts-tab';
import { renderRoute, fakeApi, signInAs, signOut, settleAndSignOut } from '../harness';

function postsApi(initial: Post[]) {
  let posts = [...initial];
  const stub = fakeApi({
    'GET /api/athletes/1/posts': () => ({ body: { items: posts } }),
    'POST /api/athletes/1/posts': (init) => {
      const { content } = JSON.parse(String(init?.body));
      if (!content.trim())
        return { status: 400, body: { error: { code: 'validation', message: 'Invalid content', fields: { content: 'Write something before posting' } } } };
      const post = { id: Math.max(0, ...posts.map((p) => p.id)) + 1, content, date: '2026-11-21T10:00:00.000Z', updatedAt: null };
      posts = [post, ...posts];
      return { status: 201, body: post };
    },
    'PUT /api/athletes/1/posts/1': (init) => {
      const { content } = JSON.parse(String(init?.body));
      posts = posts.map((p) => (p.id === 1 ? { ...p, content, updatedAt: '2026-11-21T11:00:00.000Z' } : p));
      return { body: posts.find((p) => p.id === 1) };
    },
    'DELETE /api/athletes/1/posts/2': () => {
      posts = posts.filter((p) => p.id !== 2);
      return { status: 204 };
    },
  });
  return stub;
}

const flushPromises = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

const samplePosts: Post[] = [
  { id: 1, content: 'First post', date: '2026-11-01T10:00:00.000Z', updatedAt: null },
  { id: 2, content: 'Second post', date: '2026-11-02T10:00:00.000Z', updatedAt: null },
];

describe('athlete posts', () => {
  beforeEach(() => signInAs('athlete', 1));
  afterEach(settleAndSignOut);

  it('asks visitors who are not this athlete to sign in instead of showing the composer', async () => {
    signOut();
    postsApi(samplePosts);
    renderRoute(<PostsTab athleteId={1} />);
    expect(await screen.findByText('First post')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText("What's happening?")).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows 'No posts yet.' and only offers Cancel once the text is not blank", async () => {
    postsApi([]);
    renderRoute(<PostsTab athleteId={1} />);
    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    const box = screen.getByPlaceholderText("What's happening?");
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();

    fireEvent.change(box, { target: { value: '   ' } });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'Game day!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(box).toHaveValue('');
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['joiners and a word joiner', '\u200C\u200D\u2060'],
    ['a byte order mark and no-break spaces', '\uFEFF\u00A0\u3000'],
    ['a Mongolian vowel separator among spaces', ' \u180E '],
  ])('treats text made only of %s like whitespace: no Cancel, Post disabled, nothing sent', async (_name, invisible) => {
    const stub = postsApi([]);
    renderRoute(<PostsTab athleteId={1} />);
    await screen.findByText('No posts yet.');
    const box = screen.getByPlaceholderText("What's happening?");
    fireEvent.change(box, { target: { value: invisible } });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    fireEvent.submit(box.closest('form')!);
    await flushPromises();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    // One visible character makes it a post again.
    fireEvent.change(box, { target: { value: `${invisible}!` } });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('refuses an edit made only of invisible characters inline, without calling the API', async () => {
    const stub = postsApi(samplePosts);
    renderRoute(<PostsTab athleteId={1} />);
    await screen.findByText('First post');
    fireEvent.click(screen.getAllByRole('button', { name: 'Post options' })[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('Edit post'), { target: { value: '\u200B\u2060\uFEFF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write something before saving');
    expect(stub.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('creates a post at the top of the list and fades it in', async () => {
    postsApi(samplePosts);
    renderRoute(<PostsTab athleteId={1} />);
    await screen.findByText('Second post');
    fireEvent.change(screen.getByPlaceholderText("What's happening?"), { target: { value: 'Game day!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getAllByTestId('post')).toHaveLength(3));
    const items = screen.getAllByTestId('post');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual(['Game day!', 'Second post', 'First post']);
    expect(FADE_DELAY_MS).toBe(50);
    await waitFor(() => expect(items[0]).toHaveClass('visible'));
    expect(screen.getByPlaceholderText("What's happening?")).toHaveValue('');
  });

  it('keeps one menu open at a time and closes it on an outside click', async () => {
    postsApi(samplePosts);
    renderRoute(<PostsTab athleteId={1} />);
    await screen.findByText('Second post');
    const [toggleNewest, toggleOldest] = screen.getAllByRole('button', { name: 'Post options' });

    fireEvent.click(toggleNewest);
    expect(toggleNewest).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggleOldest);
    expect(toggleNewest).toHaveAttribute('aria-expanded', 'false');
    expect(toggleOldest).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);

    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("asks 'Delete Post?' with the spec's text before deleting", async () => {
    const stub = postsApi(samplePosts);
    renderRoute(<PostsTab athleteId={1} />);
    await screen.findByText('Second post');
    fireEvent.click(screen.getAllByRole('button', { name: 'Post options' })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete Post?' });
    expect(dialog).toHaveTextContent('This cannot be undone and your post will be removed from your profile.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getAllByRole('button', { name: 'Post options' })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Second post')).not.toBeInTheDocument());
    expect(stub.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/athletes/1/posts/2');
  });

  it('edits a post through the API and refuses a blank edit inline', async () => {
    const stub = postsApi(samplePosts);
    renderRoute(<PostsTab athleteId={1} />);
    await screen.findByText('First post');
    fireEvent.click(screen.getAllByRole('button', { name: 'Post options' })[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));

    const box = screen.getByLabelText('Edit post');
    fireEvent.change(box, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write something before saving');

    fireEvent.change(box, { target: { value: 'First post, edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await screen.findByText('First post, edited')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/athletes/1/posts/1', body: { content: 'First post, edited' } });
  });
});
