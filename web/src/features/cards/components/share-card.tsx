// Share a card: the browser's share sheet where there is one (Web Share API, phones), else the
// link copied to the clipboard, else the link shown to copy by hand.
import { useState } from 'react';

export function ShareCard({ title, text }: { title: string; text: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'manual' | null>(null);
  const url = typeof window === 'undefined' ? '' : window.location.href.split('#')[0];
  const share = async () => {
    setOutcome(null);
    const nav = window.navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
    if (typeof nav.share === 'function') {
      try {
        await nav.share({ title, text, url });
        return;
      } catch (error) {
        // The fan closed the share sheet: nothing to say.
        if ((error as Error)?.name === 'AbortError') return;
      }
    }
    try {
      await nav.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('manual');
    }
  };
  return (
    <div className="share-card">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void share()}>
        Share
      </button>
      <span role="status" className="small muted">
        {outcome === 'copied' && 'Link copied'}
      </span>
      {outcome === 'manual' && (
        <label className="share-link small">
          Copy this link
          <input className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
    </div>
  );
}
