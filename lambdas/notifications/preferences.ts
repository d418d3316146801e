// A recipient's PREFS item: the address its emails go to (the account's verified email, recorded when
// the account reads its notices or saves its settings), its preferences (email per category, time
// zone, quiet hours; shared/notifications/notification-rules.ts) and when each category last
// emailed it (`sent_<category>`, moved by the sender under a condition: one email per category per
// hour). Preferences are written by their own fields, so the sender's times and the settings page
// never overwrite each other.
import { CATEGORY_NAMES, DEFAULT_PREFERENCES, type Category, type Preferences } from '#shared/notifications/notification-rules';
import type { Item } from '#lambdas/platform/store';

export const sentField = (category: Category) => `sent_${category}`;
/** Each category's email choice is a field of its own (`email_<category>`), so one-click
 * unsubscribe sets one field without reading the others. */
export const emailField = (category: Category) => `email_${category}`;

/** The stored preferences, with the defaults for what was never chosen. */
export function preferencesOf(item: Item | undefined): Preferences {
  if (!item) return DEFAULT_PREFERENCES;
  const email: Preferences['email'] = {};
  for (const c of CATEGORY_NAMES) if (typeof item[emailField(c)] === 'boolean') email[c] = item[emailField(c)] as boolean;
  const quiet = item.quietHours as Preferences['quietHours'] | undefined;
  return {
    email,
    timeZone: typeof item.timeZone === 'string' ? item.timeZone : DEFAULT_PREFERENCES.timeZone,
    quietHours: quiet === undefined ? DEFAULT_PREFERENCES.quietHours : quiet,
  };
}

export const addressOf = (item: Item | undefined): string | null => (typeof item?.address === 'string' && item.address ? item.address : null);

export const lastSentOf = (item: Item | undefined, category: Category): string | null => {
  const value = item?.[sentField(category)];
  return typeof value === 'string' ? value : null;
};
