// The athlete panel's sections, named for what they answer (issue 25): Home (how am I doing),
// Cards & approvals, Earnings, Fans, Posts. The spec's tabs stay where they can be found: My Cards
// and Approvals are the tabs of Cards & approvals; Payouts, Statement, Overview (the donations
// allocated to the athlete) and NIL & tax (NIL Go, the disclosure record, the tax forms) the tabs of Earnings; Comments is in Fans. `?tab=`
// keeps the place (the old values still open the same content: ?tab=overview, ?tab=comments, ...).

export type AthleteSection = 'home' | 'cards' | 'earnings' | 'fans' | 'posts';

/** Every place `?tab=` can name: a section, or a tab inside one. */
export type AthleteTab = 'home' | 'cards' | 'approvals' | 'payouts' | 'activations' | 'statement' | 'overview' | 'disclosure' | 'fans' | 'comments' | 'posts';

export const SECTIONS: ReadonlyArray<{ id: AthleteSection; label: string }> = [
  { id: 'home', label: 'Home' },
  { id: 'cards', label: 'Cards & approvals' },
  { id: 'earnings', label: 'Earnings' },
  { id: 'fans', label: 'Fans' },
  { id: 'posts', label: 'Posts' },
];

/** The section each place belongs to. */
const SECTION_OF: Record<AthleteTab, AthleteSection> = {
  home: 'home',
  cards: 'cards',
  approvals: 'cards',
  payouts: 'earnings',
  activations: 'earnings',
  statement: 'earnings',
  overview: 'earnings',
  disclosure: 'earnings',
  fans: 'fans',
  comments: 'fans',
  posts: 'posts',
};

export const CARDS_TABS: ReadonlyArray<{ id: 'cards' | 'approvals'; label: string }> = [
  { id: 'cards', label: 'My Cards' },
  { id: 'approvals', label: 'Approvals' },
];

export const EARNINGS_TABS: ReadonlyArray<{ id: 'payouts' | 'activations' | 'statement' | 'overview' | 'disclosure'; label: string }> = [
  { id: 'payouts', label: 'Payouts' },
  // Deliverables the collective pays for, to confirm or decline (docs/decisions/0027-activations.md).
  { id: 'activations', label: 'Activations' },
  { id: 'statement', label: 'Statement' },
  { id: 'overview', label: 'Overview' },
  { id: 'disclosure', label: 'NIL & tax' },
];

/** The place `?tab=` names (Home when it names none or something else). */
export const parseTab = (value: string | null): AthleteTab => (value && value in SECTION_OF ? (value as AthleteTab) : 'home');

export const sectionOf = (tab: AthleteTab): AthleteSection => SECTION_OF[tab];

/** A section's own place when it is chosen from the menu (its first tab). */
export const firstTabOf = (section: AthleteSection): AthleteTab => (section === 'earnings' ? 'payouts' : section);

/** The page title's words for a place ('Statement', 'Cards & approvals'). */
export function placeLabel(tab: AthleteTab): string {
  return (
    [...CARDS_TABS, ...EARNINGS_TABS].find((t) => t.id === tab)?.label ??
    (tab === 'comments' ? 'Comments' : (SECTIONS.find((s) => s.id === SECTION_OF[tab])?.label ?? 'Home'))
  );
}
