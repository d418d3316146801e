// A date as the app shows dates (lib/dates.ts: the UTC calendar date), with the exact UTC time on hover.
import { formatDate, formatDateTime } from '@/lib/dates';

export function DateText({ iso, suffix }: { iso: string; suffix?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDate(iso)}
      {suffix}
    </time>
  );
}
