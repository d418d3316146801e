// A list of notices (the bell's panel and the notifications page): each with its title, text, who
// it is from and when, linking to where it leads; unread ones marked in words, not by colour alone.
import { Link } from 'react-router-dom';
import type { NotificationView } from '@shared/notifications/notifications-api';
import { formatDateTime } from '@/lib/dates';

const AUDIENCE: Record<NotificationView['audience'], string> = { athlete: 'Athlete', collective: 'Collective', fan: 'Fan' };
const EMAIL: Record<NotificationView['email'], string> = {
  sent: 'emailed',
  waiting: 'email to follow',
  off: 'email off for this kind',
  'not-sent': 'not emailed',
};

export function NoticeList({ items, compact = false, showAudience = false }: { items: NotificationView[]; compact?: boolean; showAudience?: boolean }) {
  if (items.length === 0) return <p className="notify-empty">No notifications yet. We will tell you here when something needs you.</p>;
  return (
    <ul className={compact ? 'notify-list notify-list-compact' : 'notify-list'}>
      {items.map((n) => {
        const content = (
          <>
            <span className="notify-title">
              {n.unread && <span className="notify-unread">New: </span>}
              {n.title}
            </span>
            {!compact && <span className="notify-body">{n.body}</span>}
            <span className="notify-meta">
              <time dateTime={n.at} title={n.at}>
                {formatDateTime(n.at)}
              </time>
              {showAudience && <> · as {AUDIENCE[n.audience]}</>}
              {!compact && <> · {EMAIL[n.email]}</>}
            </span>
          </>
        );
        return (
          <li key={n.id} className={n.unread ? 'notify-item notify-item-unread' : 'notify-item'}>
            {n.link ? (
              <Link className="notify-link" to={n.link}>
                {content}
              </Link>
            ) : (
              <div className="notify-link">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
