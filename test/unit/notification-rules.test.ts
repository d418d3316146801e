// The notification rules with worked examples: categories per audience, preference validation,
// quiet hours across midnight and daylight saving, and one email per category per hour.
import {
  CATEGORIES,
  DEFAULT_PREFERENCES,
  categoriesFor,
  digestSubject,
  inQuietHours,
  isCategory,
  planEmail,
  preferenceErrors,
  quietHoursEnd,
  wantsEmail,
} from '#shared/notifications/notification-rules';
import type { Preferences } from '#shared/notifications/notification-rules';

const chicago: Preferences = { email: {}, timeZone: 'America/Chicago', quietHours: { start: 22, end: 8 } };

describe('categories', () => {
  it('lists what each audience can receive', () => {
    expect(categoriesFor('athlete')).toEqual([
      'card_submitted',
      'unlock_reached',
      'payout_sent',
      'payout_paid',
      'payout_failed',
      'disclosure_due',
      'activation_proposed',
    ]);
    expect(categoriesFor('fan')).toEqual(['unlock_reached', 'drop_starting', 'drop_closing', 'top_fan']);
    expect(categoriesFor('collective')).toContain('card_approved');
    expect(isCategory('card_submitted')).toBe(true);
    expect(isCategory('toString')).toBe(false);
  });
  it('takes the default unless the person chose', () => {
    expect(wantsEmail(DEFAULT_PREFERENCES, 'payout_paid')).toBe(true);
    // Quiet hours are the person's choice: none until they set them.
    expect(DEFAULT_PREFERENCES.quietHours).toBeNull();
    expect(wantsEmail(DEFAULT_PREFERENCES, 'invite_sent')).toBe(false);
    expect(wantsEmail({ ...DEFAULT_PREFERENCES, email: { payout_paid: false } }, 'payout_paid')).toBe(false);
  });
});

describe('preferenceErrors', () => {
  it('accepts valid preferences', () => {
    expect(preferenceErrors(chicago)).toEqual({});
    expect(preferenceErrors({ ...chicago, quietHours: null, email: { top_fan: false } })).toEqual({});
  });
  it('names each wrong field', () => {
    expect(preferenceErrors({ email: { nonsense: true }, timeZone: 'Mars/Olympus', quietHours: { start: 25, end: 8 } })).toEqual({
      email: 'Choose on or off for each kind of email.',
      timeZone: 'Choose your time zone from the list.',
      quietHours: 'Quiet hours start and end on the hour, 0 to 23.',
    });
    expect(preferenceErrors({ ...chicago, quietHours: { start: 9, end: 9 } }).quietHours).toMatch(/different hours/);
    expect(preferenceErrors({ ...chicago, email: { top_fan: 'yes' } }).email).toBeDefined();
    expect(preferenceErrors(null)).toHaveProperty('timeZone');
  });
});

describe('quiet hours', () => {
  it('wrap midnight in the person’s zone', () => {
    // 03:30 UTC on 25 Nov is 21:30 in Chicago (CST, UTC-6): not quiet; 04:00 UTC is 22:00: quiet.
    expect(inQuietHours('2026-11-25T03:30:00.000Z', 'America/Chicago', chicago.quietHours)).toBe(false);
    expect(inQuietHours('2026-11-25T04:00:00.000Z', 'America/Chicago', chicago.quietHours)).toBe(true);
    expect(inQuietHours('2026-11-25T13:59:00.000Z', 'America/Chicago', chicago.quietHours)).toBe(true);
    expect(inQuietHours('2026-11-25T14:00:00.000Z', 'America/Chicago', chicago.quietHours)).toBe(false);
    expect(inQuietHours('2026-11-25T04:00:00.000Z', 'America/Chicago', null)).toBe(false);
  });
  it('end at the first local hour outside them, across a daylight-saving change', () => {
    expect(quietHoursEnd('2026-11-25T05:17:00.000Z', 'America/Chicago', chicago.quietHours)).toBe('2026-11-25T14:00:00.000Z');
    // The night of 7-8 March 2026 springs forward in Chicago: 08:00 CDT is 13:00 UTC.
    expect(quietHoursEnd('2026-03-08T06:00:00.000Z', 'America/Chicago', chicago.quietHours)).toBe('2026-03-08T13:00:00.000Z');
    expect(quietHoursEnd('2026-11-25T15:00:00.000Z', 'America/Chicago', chicago.quietHours)).toBe('2026-11-25T15:00:00.000Z');
  });
});

describe('planEmail', () => {
  const day = '2026-11-25T16:00:00.000Z'; // 10:00 in Chicago
  it('sends the first email of a category now', () => {
    expect(planEmail('payout_paid', day, null, chicago)).toEqual({ send: 'now' });
  });
  it('holds a second email of the category within the hour, for a digest', () => {
    expect(planEmail('payout_paid', day, '2026-11-25T15:30:00.000Z', chicago)).toEqual({ send: 'later', at: '2026-11-25T16:30:00.000Z', reason: 'spacing' });
    expect(planEmail('payout_paid', day, '2026-11-25T15:00:00.000Z', chicago)).toEqual({ send: 'now' });
    // Another category is not held by it.
    expect(planEmail('card_submitted', day, null, chicago)).toEqual({ send: 'now' });
  });
  it('holds an email due in quiet hours until they end', () => {
    expect(planEmail('top_fan', '2026-11-25T05:00:00.000Z', null, chicago)).toEqual({ send: 'later', at: '2026-11-25T14:00:00.000Z', reason: 'quiet-hours' });
    // Spacing that ends inside quiet hours: the later of the two.
    expect(planEmail('top_fan', '2026-11-25T03:30:00.000Z', '2026-11-25T03:00:00.000Z', chicago)).toEqual({
      send: 'later',
      at: '2026-11-25T14:00:00.000Z',
      reason: 'quiet-hours',
    });
  });
  it('never sends a category the person turned off', () => {
    expect(planEmail('top_fan', day, null, { ...chicago, email: { top_fan: false } })).toEqual({ send: 'never', reason: 'opted-out' });
  });
  it('names a digest by its count', () => {
    expect(digestSubject('payout_paid', 1)).toBe(CATEGORIES.payout_paid.label);
    expect(digestSubject('payout_paid', 3)).toBe('A payout was paid (3 updates)');
  });
});
