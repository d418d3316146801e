// Posts: the composer, the posts newest first with a per-post menu (Edit, Delete; one open at a
// time; closes on an outside click or Escape), the 'Delete Post?' confirmation, real edits, and the
// fade-in (50 ms delay, 1000 ms transition). Everything persists through the posts API.
import { SignInPrompt } from '@/components/sign-in-required';
import { useTenant } from '@/lib/use-tenant';
import { useEffect, useId, useRef, useState } from 'react';
import type { Post } from '@shared/sales/sales-api';
import { POST_MAX_LENGTH } from '@shared/sales/sales-api';
import { isBlankText } from '@shared/platform/text';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { TextAreaField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { DateText } from '@/components/date-text';
import { useCreatePost } from '@/features/athlete-panel/api/create-post';
import { useDeletePost } from '@/features/athlete-panel/api/delete-post';
import { newestFirst, usePosts } from '@/features/athlete-panel/api/get-posts';
import { useUpdatePost } from '@/features/athlete-panel/api/update-post';

export const FADE_DELAY_MS = 50;
export const DELETE_TEXT = 'This cannot be undone and your post will be removed from your profile.';

/** The athlete's writes in its own words where the server's would not say what to do; a field
 * error (the content) joins the message shown under the text. */
const POST_TEXTS = { unauthorized: 'Sign in as the athlete to post.', forbidden: 'This account cannot post for this athlete.' };

function Composer({ athleteId }: { athleteId: number }) {
  const create = useCreatePost(athleteId);
  const form = useForm({
    initial: { content: '' },
    check: ({ content }) => ({ value: { content }, message: isBlankText(content) ? 'Write something before posting' : null }),
    send: (post) => create.trigger(post),
    onSuccess: () => {
      form.reset();
    },
    fields: [],
    texts: POST_TEXTS,
  });
  // Whitespace-only text and text made only of invisible characters (zero-width spaces...) are blank.
  const blank = isBlankText(form.values.content);
  return (
    <Form form={form} className="panel dash-composer">
      <TextAreaField
        label="New post"
        hideLabel
        aria-invalid={form.error ? true : undefined}
        placeholder="What's happening?"
        maxLength={POST_MAX_LENGTH}
        {...form.field('content')}
      />
      <FormOutcome error={form.error} />
      <div className="dash-composer-actions">
        {!blank && (
          <button type="button" className="btn btn-ghost" onClick={form.reset}>
            Cancel
          </button>
        )}
        <SubmitButton form={form} busy="Posting..." disabled={blank}>
          Post
        </SubmitButton>
      </div>
    </Form>
  );
}

/** A post's text edited in place: saved, or Cancel. */
function EditPost({ athleteId, post, onClose }: { athleteId: number; post: Post; onClose: () => void }) {
  const update = useUpdatePost(athleteId);
  const form = useForm({
    initial: { content: post.content },
    check: ({ content }) => ({ value: content, message: isBlankText(content) ? 'Write something before saving' : null }),
    send: (content) => update.trigger({ postId: post.id, content }),
    onSuccess: onClose,
    fields: [],
    texts: POST_TEXTS,
  });
  return (
    <Form form={form}>
      <TextAreaField
        label="Edit post"
        hideLabel
        aria-invalid={form.error ? true : undefined}
        maxLength={POST_MAX_LENGTH}
        autoFocus
        {...form.field('content')}
      />
      <FormOutcome error={form.error} />
      <div className="dash-composer-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Cancel
        </button>
        <SubmitButton form={form} busy="Saving..." className="btn btn-primary btn-sm">
          Save
        </SubmitButton>
      </div>
    </Form>
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
  const [visible, setVisible] = useState(false);
  const [editing, setEditing] = useState(false);
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
      {editing ? <EditPost athleteId={athleteId} post={post} onClose={() => setEditing(false)} /> : <p>{post.content}</p>}
    </li>
  );
}

export function PostsTab({ athleteId }: { athleteId: number }) {
  const { data, error, mutate } = usePosts(athleteId);
  const remove = useDeletePost(athleteId);
  const { isOwnerAthlete } = useTenant();
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const deleting = useConfirmation<Post>();
  const deletion = useAction(POST_TEXTS);

  if (error) return <ErrorBox message="Failed to load your posts. Please try again later." onRetry={() => void mutate()} />;

  const posts = data ? newestFirst(data.items) : [];
  return (
    <section aria-labelledby="posts-title" className="dash-main">
      <h2 id="posts-title" className="sr-only">
        Posts
      </h2>
      {isOwnerAthlete ? <Composer athleteId={athleteId} /> : <SignInPrompt message="Sign in as this athlete to post" />}
      <FormOutcome error={deletion.error} />
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
              onDelete={() => deleting.ask(post)}
            />
          ))}
        </ul>
      )}
      <ConfirmAbout
        about={deleting}
        title="Delete Post?"
        confirmLabel="Delete"
        danger
        onConfirm={(post) => void deletion.run(() => remove.trigger({ postId: post.id }))}
      >
        {() => <p>{DELETE_TEXT}</p>}
      </ConfirmAbout>
    </section>
  );
}
