// /notifications (signed in): every notice of the account, newest first, a page at a time, and its
// email settings. Opening the page marks what it shows as read.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import '@/components/dashboard/dashboard.css';
import { ErrorBox } from '@/components/error-box';
import { ShowMore } from '@/components/show-more';
import { Spinner } from '@/components/spinner';
import { useSession } from '@/lib/auth/session-store';
import { useHydrated } from '@/lib/use-hydrated';
import { markSeen, useBell, useNotificationPages } from '@/features/notifications/api/notifications';
import { usePreferences } from '@/features/notifications/api/preferences';
import { NoticeList } from '@/features/notifications/components/notice-list';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import '@/features/notifications/components/notifications.css';

export default function NotificationsPage() {
  const hydrated = useHydrated();
  const session = useSession();
  const signedIn = hydrated && session !== null;
  const pages = useNotificationPages(signedIn);
  const preferences = usePreferences(signedIn);
  const bell = useBell(signedIn);
  const items = pages.data?.flatMap((p) => p.items) ?? [];
  const newest = items[0]?.id;
  const several = items.some((n) => n.audience !== items[0]?.audience);

  useEffect(() => {
    if (!newest || !items[0]?.unread) return;
    markSeen(newest).then(
      () => void bell.mutate(),
      () => undefined,
    );
    // Once per newest notice shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest]);

  return (
    <section className="page container notify-page">
      <div className="feed-head">
        <h1>Notifications</h1>
        <Link to={paths.profile.getHref()}>Your collector profile</Link>
      </div>
      <section className="notify-section panel" aria-labelledby="notify-list-title">
        <h2 id="notify-list-title" className="sr-only">
          Your notifications
        </h2>
        {pages.error && !pages.data ? (
          <ErrorBox message="Failed to load your notifications. Please try again later." onRetry={() => void pages.mutate()} />
        ) : !pages.data ? (
          <Spinner label="Loading notifications..." />
        ) : (
          <>
            <NoticeList items={items} showAudience={several} />
            <ShowMore list={pages} more={Boolean(pages.data[pages.data.length - 1]?.nextCursor)} />
          </>
        )}
      </section>
      <section className="notify-section panel">
        {preferences.error && !preferences.data ? (
          <ErrorBox message="Failed to load your settings. Please try again later." onRetry={() => void preferences.mutate()} />
        ) : !preferences.data ? (
          <Spinner label="Loading settings..." />
        ) : (
          <NotificationSettings preferences={preferences.data} onSaved={(saved) => void preferences.mutate(saved, { revalidate: false })} />
        )}
      </section>
    </section>
  );
}
