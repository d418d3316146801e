// The bell of the top bar (signed-in accounts only): the unread count on the button, and a panel
// of the newest notices with links to where each leads and to all notifications and settings.
// Opening it marks what it shows as read (the badge then counts only what arrived since). A
// disclosure like the More menu: it closes on an outside click, Escape (focus back on the button)
// or following a link. Nothing renders before hydration or when signed out, so a prerendered page
// hydrates as it was written.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';
import { useHydrated } from '@/lib/use-hydrated';
import { markSeen, useBell } from '@/features/notifications/api/notifications';
import { NoticeList } from '@/features/notifications/components/notice-list';
import '@/features/notifications/components/notifications.css';

export const badgeText = (unread: number): string => (unread > 99 ? '99+' : String(unread));

export function NotificationBell() {
  const hydrated = useHydrated();
  const session = useSession();
  const signedIn = hydrated && session !== null;
  const bell = useBell(signedIn);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();
  const [shownFor, setShownFor] = useState(pathname + search);
  if (shownFor !== pathname + search) {
    setShownFor(pathname + search);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // What the panel shows is read once it is open: the badge counts what arrives after.
  const newest = bell.data?.items[0]?.id;
  const unread = bell.data?.unread ?? 0;
  useEffect(() => {
    if (!open || !newest || unread === 0) return;
    markSeen(newest).then(
      ({ unread: left }) => void bell.mutate((d) => d && { ...d, unread: left }, { revalidate: false }),
      () => undefined,
    );
    // Once per opening and newest notice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, newest]);

  if (!signedIn) return null;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="notify-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost topbar-btn notify-bell-btn"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="notify-bell-icon">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="notify-badge" aria-hidden="true" data-testid="notify-badge">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <section
          id={panelId}
          className="notify-panel"
          aria-label="Notifications"
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setOpen(false);
          }}
        >
          <header className="notify-panel-head">
            <h2>Notifications</h2>
            <Link to={paths.notifications.getHref()}>All and settings</Link>
          </header>
          {bell.error && !bell.data ? (
            <p className="notify-empty" role="alert">
              Notifications could not be loaded.{' '}
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void bell.mutate()}>
                Try Again
              </button>
            </p>
          ) : !bell.data ? (
            <p className="notify-empty">Loading...</p>
          ) : (
            <NoticeList items={bell.data.items} compact />
          )}
        </section>
      )}
    </div>
  );
}

export default NotificationBell;
