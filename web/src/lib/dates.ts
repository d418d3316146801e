// The web app's one date rule: a date is shown as its UTC calendar date ("Mar 3, 2026"), the same
// rule the figures follow: the API buckets sales and donations into UTC year-months
// (shared/platform/months.ts) and "this month" is the UTC month. An order at 23:30 UTC on 31 March is
// shown on Mar 31 and counted in March, on every screen and whatever the viewer's time zone. The
// zone is shown where it matters: each date carries its exact UTC time on hover (DateText) and the
// dashboards say "Dates and months in UTC". Every date of the web app goes through this module.

export const DATE_ZONE = 'UTC';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: DATE_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DATE_ZONE,
});

/** 'Mar 3, 2026' (the UTC date); an unreadable value is shown as it came. */
export function formatDate(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : dateFormat.format(new Date(ms));
}

/** 'Mar 3, 2026, 14:05 UTC'. */
export function formatDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${dateTimeFormat.format(new Date(ms))} ${DATE_ZONE}`;
}

const ago = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** 'just now', '5 minutes ago', 'yesterday', else the UTC date: how long ago something happened (recent sales). */
export function formatAgo(iso: string, now = Date.now()): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return ago.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return ago.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  return days < 7 ? ago.format(-days, 'day') : formatDate(iso);
}

/** The current year in UTC (copyright lines). */
export const utcYear = (now = new Date()): number => now.getUTCFullYear();
