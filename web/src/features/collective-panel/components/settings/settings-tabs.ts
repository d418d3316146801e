// Settings' tabs, apart from the section (which loads lazily) so the panel's route can read ?tab=
// without loading Settings: Athletes Management, Add Athlete Profile, Cards (each member's cards and
// sets), Invites, Profile Requests, School Colors, Merchandise, Support Page (gifts and membership
// tiers), Payments (the collective's Stripe account).

export type SettingsTab = 'athletes' | 'add-profile' | 'cards' | 'invites' | 'requests' | 'school-colors' | 'merch' | 'support' | 'payments';

export const SETTINGS_TABS: Array<{ id: SettingsTab; label: string }> = [
  { id: 'athletes', label: 'Athletes Management' },
  { id: 'add-profile', label: 'Add Athlete Profile' },
  { id: 'cards', label: 'Cards' },
  { id: 'invites', label: 'Invites' },
  { id: 'requests', label: 'Profile Requests' },
  { id: 'school-colors', label: 'School Colors' },
  { id: 'merch', label: 'Merchandise' },
  { id: 'support', label: 'Support Page' },
  { id: 'payments', label: 'Payments' },
];

export const SETTINGS_TAB_IDS: readonly SettingsTab[] = SETTINGS_TABS.map((t) => t.id);
