// Posts: the composer, the posts newest first with a per-post menu (Edit, Delete; one open at a
// time; closes on an outside click or Escape), the 'Delete Post?' confirmation, real edits, and the
// fade-in (50 ms delay, 1000 ms transition). Everything persists through the posts API.
import { SignInPrompt } from '@/components/sign-in-required';
import { useTenant } from '@/lib/use-tenant';
import { useEffect, useId, useRef, useState } from 'react';
import type { Post } from '@shared/sales/sales-api';
import { POST_MAX_LENGTH } from '@shared/sales/sales-api';
import { isBlankText } from '@shared/platform/text';
import { ConfirmDialog } from '@/components/dialog';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { DateText } from '@/components/date-text';
import { useCreatePost } from '@/features/athlete-panel/api/create-post';
import { useDeletePost } from '@/features/athlete-panel/api/delete-post';
import { newestFirst, usePosts } from '@/features/athlete-panel/api/get-posts';
import { useUpdatePost } from '@/features/athlete-panel/api/update-post';

export const FADE_DELAY_MS = 50;
export const DELETE_TEXT = 'This cannot be undone and your post will be removed from your profile.';

function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.status === 401) return 'Sign in as the athlete to post.';
  if (error.status === 403) return 'This account cannot post for this athlete.';
  return error.fields.content ?? error.message;
}

function Composer({ athleteId }: { athleteId: number }) {
  const create = useCreatePost(athleteId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Whitespace-only text and text made only of invisible characters (zero-width spaces...) are blank.
  const blank = isBlankText(text);
  return (
    <form
      className="panel dash-composer"
      onSubmit={async (e) => {
        e.preventDefault();
        if (blank || create.isMutating) return;
        setError(null);
        try {
          await create.trigger({ content: text });
          setText('');
        } catch (err) {
          setError(messageOf(err));
        }
      }}
    >
      <Field label="New post" hideLabel>
        {(control) => (
          <textarea
            {...control}
            aria-invalid={error ? true : undefined}
            className="input"
            placeholder="What's happening?"
            value={text}
            maxLength={POST_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <FormOutcome error={error} />
      <div className="dash-composer-actions">
        {!blank && (
          <button type="button" className="btn btn-ghost" onClick={() => setText('')}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={blank || create.isMutating}>
          {create.isMutating ? 'Posting...' : 'Post'}
        </button>
      </div>
    </form>
  );
}

interface ItemProps {
  athleteId: number;
  post: Post;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onCloseMenu: () => void;
  onDelete: () => void;
}

function PostItem({ athleteId, post, menuOpen, onToggleMenu, onCloseMenu, onDelete }: ItemProps) {
  const update = useUpdatePost(athleteId);
  const [visible, setVisible] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const menuId = useId();

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
        <DateText iso={post.date} suffix={post.updatedAt ? ' · edited' : undefined} />
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
            setError(null);
            try {
              await update.trigger({ postId: post.id, content: draft });
              setEditing(false);
            } catch (err) {
              setError(messageOf(err));
            }
          }}
        >
          <Field label="Edit post" hideLabel>
            {(control) => (
              <textarea
                {...control}
                aria-invalid={error ? true : undefined}
                className="input"
                value={draft}
                maxLength={POST_MAX_LENGTH}
                onChange={(e) => setDraft(e.target.value)}
                autoFocus
              />
            )}
          </Field>
          <FormOutcome error={error} />
          <div className="dash-composer-actions">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary btn-sm" disabled={update.isMutating}>
              {update.isMutating ? 'Saving...' : 'Save'}
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
  const remove = useDeletePost(athleteId);
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
      {isOwnerAthlete ? <Composer athleteId={athleteId} /> : <SignInPrompt message="Sign in as this athlete to post" />}
      <FormOutcome error={deleteError} />
      {!data ? (
        <Spinner label="Loading posts..." />
      ) : posts.length === 0 ? (
        <p className="muted">No posts yet.</p>
      ) : (
        <ul className="post-list">
          {posts.map((post) => (
            <PostItem
              key={post.id}
              athleteId={athleteId}
              post={post}
              menuOpen={openMenu === post.id}
              onToggleMenu={() => setOpenMenu((open) => (open === post.id ? null : post.id))}
              onCloseMenu={() => setOpenMenu((open) => (open === post.id ? null : open))}
              onDelete={() => setPendingDelete(post)}
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
              await remove.trigger({ postId: post.id });
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
