// The notifications API (docs/API.md, "Notifications"): the signed-in account's notices (the bell),
// its preferences (the settings page), one-click unsubscribe, and a collective's audit log.
import { CATEGORIES, categoriesFor, preferenceErrors, type Audience, type Category, type QuietHours } from './notification-rules';

/** One notice as the bell lists it. */
export interface NotificationView {
  /** Opaque and stable: the cursor of the next page and the `upTo` of "seen". */
  id: string;
  audience: Audience;
  category: Category;
  title: string;
  body: string;
  /** A path of the web app, or null. */
  link: string | null;
  at: string;
  /** Who acted (an athlete's name, a collective, Drift). */
  from: string;
  unread: boolean;
  /** What became of its email: sent (alone or in a digest), still to go (the hour, quiet hours),
   * off (the person turned this kind off), or not sent (no address yet, the address bounced). */
  email: 'sent' | 'waiting' | 'off' | 'not-sent';
}

export interface NotificationsResponse {
  items: NotificationView[];
  /** Unread notices in all (the bell's badge). */
  unread: number;
  nextCursor: string | null;
}

/** POST /api/me/notifications/seen: every notice up to this one (the newest shown) is read. */
export interface SeenRequest {
  upTo: string;
}

export interface PreferencesResponse {
  /** The audiences this account receives as (athlete, collective, fan). */
  audiences: Audience[];
  /** The categories those audiences receive, in the settings page's order, each with its email choice. */
  categories: Array<{ category: Category; label: string; email: boolean }>;
  timeZone: string;
  quietHours: QuietHours | null;
  /** Where the emails go (the account's verified email), or null before it is known. */
  address: string | null;
}

export interface PreferencesRequest {
  email: Partial<Record<Category, boolean>>;
  timeZone: string;
  quietHours: QuietHours | null;
}

/** The request, or its field errors (the settings form shows them on their fields). */
export function validatePreferences(input: unknown): { value: PreferencesRequest; errors: Record<string, string> } {
  const errors = preferenceErrors(input) as Record<string, string>;
  const v = (input ?? {}) as PreferencesRequest;
  return { value: { email: v.email, timeZone: v.timeZone, quietHours: v.quietHours ?? null }, errors };
}

/** The categories of several audiences, each once, in the closed list's order. */
export const categoriesOfAudiences = (audiences: Audience[]): Category[] => {
  const wanted = new Set(audiences.flatMap(categoriesFor));
  return (Object.keys(CATEGORIES) as Category[]).filter((c) => wanted.has(c));
};

export interface UnsubscribeResponse {
  category: Category;
  label: string;
}

/** Time zones the settings page offers (any IANA name is accepted by the API). */
export const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'UTC',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
];
