// Follow an athlete or a school (issue 26 item 3): its new cards, unlocks, drops and posts then
// appear in the fan's feed (My Collection), and an athlete's unlocks and drops are notified. A
// toggle button (aria-pressed); a signed-out visitor is asked to sign in.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { FollowKind } from '@shared/community/community-api';
import { SignInPrompt } from '@/components/sign-in-required';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { parseId } from '@/lib/catalog';
import { setFollow, useFollows } from '@/features/feed/api/follows';
import '@/features/feed/components/feed.css';

export function FollowButton({ kind }: { kind: FollowKind }) {
  const id = parseId(useParams().id);
  const session = useSession();
  const follows = useFollows(session !== null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (id === null) return null;
  const what = kind === 'athlete' ? 'this athlete' : 'this school';
  if (!session) return <SignInPrompt message={`Sign in to follow ${what} and hear of new cards and unlocks`} />;
  const following = follows.data?.items.some((f) => f.kind === kind && f.id === id) ?? false;
  const toggle = async () => {
    setState({ busy: true, error: null });
    try {
      await follows.mutate(await setFollow(kind, id, !following), { revalidate: false });
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error: error instanceof ApiError ? error.message : 'That did not work; try again.' });
    }
  };
  return (
    <div className="follow">
      <button
        type="button"
        className={following ? 'btn btn-outline' : 'btn btn-primary'}
        aria-pressed={following}
        disabled={state.busy || !follows.data}
        onClick={() => void toggle()}
      >
        {state.busy ? 'Saving...' : following ? 'Following' : 'Follow'}
      </button>
      <span className="muted small">{following ? 'Its news is in your feed (My Collection).' : `New cards and unlocks of ${what}, in your feed.`}</span>
      {state.error && (
        <p className="field-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}

export default FollowButton;
