// Settings' tabs, apart from the section (which loads lazily) so the panel's route can read ?tab=
// without loading Settings: Athletes Management, Add Athlete Profile, Invites, Profile Requests,
// School Colors, Merchandise, Support Page (gifts and membership tiers), Payments (the collective's
// Stripe account). Cards are a section of their own (components/cards/cards-section.tsx).

export type SettingsTab = 'athletes' | 'add-profile' | 'invites' | 'requests' | 'school-colors' | 'merch' | 'support' | 'payments';

export const SETTINGS_TABS: Array<{ id: SettingsTab; label: string }> = [
  { id: 'athletes', label: 'Athletes Management' },
  { id: 'add-profile', label: 'Add Athlete Profile' },
  { id: 'invites', label: 'Invites' },
  { id: 'requests', label: 'Profile Requests' },
  { id: 'school-colors', label: 'School Colors' },
  { id: 'merch', label: 'Merchandise' },
  { id: 'support', label: 'Support Page' },
  { id: 'payments', label: 'Payments' },
];

export const SETTINGS_TAB_IDS: readonly SettingsTab[] = SETTINGS_TABS.map((t) => t.id);
