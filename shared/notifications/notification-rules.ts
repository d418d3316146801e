// What Drift tells people, and when (issue 26). Pure rules shared by the sender, the preference
// routes and the web app's settings page:
// - the closed list of categories, who receives each and whether email is on by default;
// - per-person preferences (email on or off per category; in-app always on, it is the record);
// - "digest, not spam": at most one email per category per hour per person, the rest held and sent
//   together as one digest when the hour is up;
// - quiet hours in the person's own time zone: an email due inside them waits for their end.
// Times are ISO-8601 UTC; a time zone is an IANA name (e.g. America/Chicago).

export type Audience = 'athlete' | 'collective' | 'fan';

export interface CategoryInfo {
  audience: Audience[];
  /** What the settings page calls it. */
  label: string;
  /** Email on unless the person turned it off. */
  emailByDefault: boolean;
}

export const CATEGORIES = {
  card_submitted: { audience: ['athlete'], label: 'A card waits for your approval', emailByDefault: true },
  card_approved: { audience: ['collective'], label: 'An athlete approved a card', emailByDefault: true },
  card_rejected: { audience: ['collective'], label: 'An athlete rejected a card', emailByDefault: true },
  profile_request: { audience: ['collective'], label: 'A profile request arrived', emailByDefault: true },
  invite_sent: { audience: ['collective'], label: 'An invite was sent', emailByDefault: false },
  unlock_reached: { audience: ['fan', 'athlete', 'collective'], label: 'A card was unlocked', emailByDefault: true },
  drop_starting: { audience: ['fan'], label: 'A drop is starting', emailByDefault: true },
  drop_closing: { audience: ['fan'], label: 'A drop is closing', emailByDefault: true },
  top_fan: { audience: ['fan'], label: 'You became a Top Fan', emailByDefault: true },
  payout_sent: { audience: ['athlete'], label: 'A payout was sent', emailByDefault: true },
  payout_paid: { audience: ['athlete'], label: 'A payout was paid', emailByDefault: true },
  payout_failed: { audience: ['athlete', 'collective'], label: 'A payout failed', emailByDefault: true },
  disclosure_due: { audience: ['athlete', 'collective'], label: 'A disclosure deadline is near', emailByDefault: true },
  // A collective's new member or gift; the donor's receipt is this category's transactional email.
  donation: { audience: ['collective'], label: 'A new member or gift', emailByDefault: true },
  // Activations (docs/decisions/0027-activations.md): the athlete is told of one to confirm (or of its
  // cancellation), the collective of the athlete's answer.
  activation_proposed: { audience: ['athlete'], label: 'An activation waits for your confirmation', emailByDefault: true },
  activation_answered: { audience: ['collective'], label: 'An athlete confirmed or declined an activation', emailByDefault: true },
} as const satisfies Record<string, CategoryInfo>;

export type Category = keyof typeof CATEGORIES;
export const CATEGORY_NAMES = Object.keys(CATEGORIES) as Category[];
export const isCategory = (value: unknown): value is Category => typeof value === 'string' && Object.prototype.hasOwnProperty.call(CATEGORIES, value);

/** The categories an audience can receive (what its settings page lists). */
export const categoriesFor = (audience: Audience): Category[] =>
  CATEGORY_NAMES.filter((c) => (CATEGORIES[c].audience as readonly Audience[]).includes(audience));

export interface QuietHours {
  /** Local hours, 0-23: from `start` (inclusive) to `end` (exclusive), wrapping midnight when start > end. */
  start: number;
  end: number;
}

export interface Preferences {
  /** Email per category; a category absent here takes its default. */
  email: Partial<Record<Category, boolean>>;
  timeZone: string;
  /** null: no quiet hours. */
  quietHours: QuietHours | null;
}

export const DEFAULT_TIME_ZONE = 'America/New_York';
/** Quiet hours are off until the person sets them (an email is never held for hours nobody chose);
 * the settings page suggests these when they are turned on. */
export const SUGGESTED_QUIET_HOURS: QuietHours = { start: 22, end: 8 };
export const DEFAULT_PREFERENCES: Preferences = { email: {}, timeZone: DEFAULT_TIME_ZONE, quietHours: null };

export const wantsEmail = (preferences: Preferences, category: Category): boolean => preferences.email[category] ?? CATEGORIES[category].emailByDefault;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type PreferenceErrors = Partial<Record<'email' | 'timeZone' | 'quietHours', string>>;

/** Validates preferences sent by a settings form: the field errors (empty when valid). */
export function preferenceErrors(input: unknown): PreferenceErrors {
  const errors: PreferenceErrors = {};
  const value = (input ?? {}) as Partial<Record<keyof Preferences, unknown>>;
  const email = value.email;
  if (typeof email !== 'object' || email === null || Array.isArray(email)) errors.email = 'Choose on or off for each kind of email.';
  else if (Object.entries(email).some(([k, v]) => !isCategory(k) || typeof v !== 'boolean')) errors.email = 'Choose on or off for each kind of email.';
  if (!isTimeZone(value.timeZone)) errors.timeZone = 'Choose your time zone from the list.';
  const quiet = value.quietHours;
  if (quiet !== null) {
    const q = (quiet ?? {}) as Partial<QuietHours>;
    const hour = (h: unknown) => Number.isInteger(h) && (h as number) >= 0 && (h as number) <= 23;
    if (!hour(q.start) || !hour(q.end)) errors.quietHours = 'Quiet hours start and end on the hour, 0 to 23.';
    else if (q.start === q.end) errors.quietHours = 'Quiet hours must start and end at different hours.';
  }
  return errors;
}

/** The local hour and minute of `at` in `zone`. */
export function localTime(at: string, zone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: get('hour'), minute: get('minute') };
}

/** Whether `at` falls inside the quiet hours in `zone`. */
export function inQuietHours(at: string, zone: string, quiet: QuietHours | null): boolean {
  if (!quiet) return false;
  const { hour } = localTime(at, zone);
  return quiet.start < quiet.end ? hour >= quiet.start && hour < quiet.end : hour >= quiet.start || hour < quiet.end;
}

/** The first instant at or after `at` outside the quiet hours (searched minute by minute from the
 * next whole hour, so daylight-saving changes are followed, not assumed). */
export function quietHoursEnd(at: string, zone: string, quiet: QuietHours | null): string {
  if (!inQuietHours(at, zone, quiet)) return at;
  const { minute } = localTime(at, zone);
  let t = Date.parse(at) + (60 - minute) * 60_000;
  t -= t % 60_000;
  for (let i = 0; i < 48 && inQuietHours(new Date(t).toISOString(), zone, quiet); i++) t += 3_600_000;
  return new Date(t).toISOString();
}

export const EMAIL_SPACING_MS = 3_600_000;

export type EmailPlan = { send: 'now' } | { send: 'later'; at: string; reason: 'spacing' | 'quiet-hours' } | { send: 'never'; reason: 'opted-out' };

/**
 * When an email of `category` for a person may go: now, later (held for a digest: the hour since
 * the last email of that category is not up, or the person's quiet hours), or never (turned off).
 * `lastSentAt`: when the last email of that category went to them (null: never).
 */
export function planEmail(category: Category, now: string, lastSentAt: string | null, preferences: Preferences): EmailPlan {
  if (!wantsEmail(preferences, category)) return { send: 'never', reason: 'opted-out' };
  const spaced = lastSentAt ? Math.max(Date.parse(now), Date.parse(lastSentAt) + EMAIL_SPACING_MS) : Date.parse(now);
  const earliest = new Date(spaced).toISOString();
  const at = quietHoursEnd(earliest, preferences.timeZone, preferences.quietHours);
  if (Date.parse(at) <= Date.parse(now)) return { send: 'now' };
  return { send: 'later', at, reason: at !== earliest ? 'quiet-hours' : 'spacing' };
}

/** The subject of a digest of `count` held notifications of one category. */
export const digestSubject = (category: Category, count: number): string =>
  count === 1 ? CATEGORIES[category].label : `${CATEGORIES[category].label} (${count} updates)`;
