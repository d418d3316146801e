// Posts: the composer, the posts newest first with a per-post menu (Edit, Delete; one open at a
// time; closes on an outside click or Escape), the 'Delete Post?' confirmation, real edits, and the
// fade-in (50 ms delay, 1000 ms transition). Everything persists through the posts API.
import { SignInPrompt } from '@/components/sign-in-required';
import { useTenant } from '@/lib/use-tenant';
import { useEffect, useId, useRef, useState } from 'react';
import type { Post } from '@shared/api';
import { POST_MAX_LENGTH } from '@shared/api';
import { isBlankText } from '@shared/text';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/components/dashboard/format';
import { createPost, deletePost, newestFirst, updatePost, usePosts } from '@/features/athlete-panel/api/athlete-posts';

export const FADE_DELAY_MS = 50;
export const DELETE_TEXT = 'This cannot be undone and your post will be removed from your profile.';

function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 401) return 'Sign in as the athlete to post.';
  if (error.status === 403) return 'This account cannot post for this athlete.';
  return error.fields.content ?? error.message;
}

function Composer({ onPost }: { onPost: (content: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // Whitespace-only text and text made only of invisible characters (zero-width spaces...) are blank.
  const blank = isBlankText(text);
  return (
    <form
      className="panel dash-composer"
      onSubmit={async (e) => {
        e.preventDefault();
        if (blank || busy) return;
        setBusy(true);
        setError(null);
        try {
          await onPost(text);
          setText('');
        } catch (err) {
          setError(messageOf(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor={id} className="sr-only">
        New post
      </label>
      <textarea
        id={id}
        className="input"
        placeholder="What's happening?"
        value={text}
        maxLength={POST_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="dash-composer-actions">
        {!blank && (
          <button type="button" className="btn btn-ghost" onClick={() => setText('')}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={blank || busy}>
          {busy ? 'Posting...' : 'Post'}
        </button>
      </div>
    </form>
  );
}

interface ItemProps {
  post: Post;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onDelete: () => void;
  onSave: (content: string) => Promise<void>;
}

function PostItem({ post, menuOpen, onToggleMenu, onCloseMenu, onDelete, onSave }: ItemProps) {
  const [visible, setVisible] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const editId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), FADE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) onCloseMenu();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCloseMenu();
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen, onCloseMenu]);

  return (
    <li className={`post dash-post${visible ? ' visible' : ''}`} data-testid="post">
      <div className="dash-post-head">
        <time dateTime={post.date}>
          {formatDate(post.date)}
          {post.updatedAt ? ' · edited' : ''}
        </time>
        <div ref={wrapper}>
          <button
            type="button"
            className="dash-icon-btn"
            aria-label="Post options"
            aria-haspopup="true"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={onToggleMenu}
          >
            ⋯
          </button>
          {menuOpen && (
            <div id={menuId} className="dash-post-menu" role="group" aria-label="Post options">
              <button
                type="button"
                onClick={() => {
                  onCloseMenu();
                  setDraft(post.content);
                  setError(null);
                  setEditing(true);
                }}
              >
                Edit
              </button>
              <button
                type="button"
                onClick={() => {
                  onCloseMenu();
                  onDelete();
                }}
              >
                Delete
              </button>
            </div>
          )}
        </div>
      </div>
      {editing ? (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (isBlankText(draft)) {
              setError('Write something before saving');
              return;
            }
            setBusy(true);
            try {
              await onSave(draft);
              setEditing(false);
              setError(null);
            } catch (err) {
              setError(messageOf(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          <label htmlFor={editId} className="sr-only">
            Edit post
          </label>
          <textarea
            id={editId}
            className="input"
            value={draft}
            maxLength={POST_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setDraft(e.target.value)}
            autoFocus
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="dash-composer-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      ) : (
        <p>{post.content}</p>
      )}
    </li>
  );
}

export function PostsTab({ athleteId }: { athleteId: number }) {
  const { data, error, mutate } = usePosts(athleteId);
  const { isOwnerAthlete } = useTenant();
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Post | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (error) return <ErrorBox message="Failed to load your posts. Please try again later." onRetry={() => void mutate()} />;

  const posts = data ? newestFirst(data.items) : [];
  return (
    <section aria-labelledby="posts-title" className="dash-main">
      <h2 id="posts-title" className="sr-only">
        Posts
      </h2>
      {isOwnerAthlete ? (
        <Composer
          onPost={async (content) => {
            const created = await createPost(athleteId, content);
            await mutate((current) => ({ items: [created, ...(current?.items ?? []).filter((p) => p.id !== created.id)] }), { revalidate: true });
          }}
        />
      ) : (
        <SignInPrompt message="Sign in as this athlete to post" />
      )}
      {deleteError && (
        <p className="form-error" role="alert">
          {deleteError}
        </p>
      )}
      {!data ? (
        <Spinner label="Loading posts..." />
      ) : posts.length === 0 ? (
        <p className="muted">No posts yet.</p>
      ) : (
        <ul className="post-list">
          {posts.map((post) => (
            <PostItem
              key={post.id}
              post={post}
              menuOpen={openMenu === post.id}
              onToggleMenu={() => setOpenMenu((open) => (open === post.id ? null : post.id))}
              onCloseMenu={() => setOpenMenu((open) => (open === post.id ? null : open))}
              onDelete={() => setPendingDelete(post)}
              onSave={async (content) => {
                const updated = await updatePost(athleteId, post.id, content);
                await mutate((current) => ({ items: (current?.items ?? []).map((p) => (p.id === updated.id ? updated : p)) }), { revalidate: true });
              }}
            />
          ))}
        </ul>
      )}
      {pendingDelete && (
        <ConfirmDialog
          title="Delete Post?"
          confirmLabel="Delete"
          danger
          onCancel={() => setPendingDelete(null)}
          onConfirm={async () => {
            const post = pendingDelete;
            setPendingDelete(null);
            setDeleteError(null);
            try {
              await deletePost(athleteId, post.id);
              await mutate((current) => ({ items: (current?.items ?? []).filter((p) => p.id !== post.id) }), { revalidate: true });
            } catch (err) {
              setDeleteError(messageOf(err));
            }
          }}
        >
          <p>{DELETE_TEXT}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
