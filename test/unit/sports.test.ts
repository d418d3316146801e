// The one sport list (shared/catalog/sports.ts): stored names, display names, the spellings it
// accepts, and the forms' and the server's rules built on it.
import { validateCreateAthlete, validateUpdateMember } from '#shared/catalog/admin-api';
import { SPEC_QUICK_FILTERS, SPORT_NAMES, canonicalSport, compareSports, sportLabel, sportOptions, sportSearchTexts } from '#shared/catalog/sports';
import { validateProfileRequest } from '#shared/onboarding/onboarding-api';
import { SAMPLE_ATHLETES } from '#shared/catalog/seed-data';

describe('the sport list', () => {
  it("starts with the spec's profile options, Track shown as Track & Field, and holds the sample's sports", () => {
    expect(SPORT_NAMES.slice(0, 5)).toEqual(['Football', 'Basketball', 'Baseball', 'Track and Field', 'Soccer']);
    expect(
      sportOptions()
        .slice(0, 5)
        .map((o) => o.label),
    ).toEqual(['Football', 'Basketball', 'Baseball', 'Track & Field', 'Soccer']);
    for (const a of SAMPLE_ATHLETES) expect(SPORT_NAMES).toContain(a.sport);
    expect(SPORT_NAMES).toContain('Fishing');
    expect(new Set(SPORT_NAMES).size).toBe(SPORT_NAMES.length);
    for (const name of SPEC_QUICK_FILTERS) expect(SPORT_NAMES).toContain(name);
  });

  it('reads any spelling it knows as the stored name, and nothing else', () => {
    for (const spelling of ['Track', 'track & field', 'TRACK AND FIELD', ' Track  &  Field ', 'Track and Field'])
      expect(canonicalSport(spelling)).toBe('Track and Field');
    expect(canonicalSport('swimming & diving')).toBe('Swimming and Diving');
    expect(canonicalSport('football')).toBe('Football');
    expect(canonicalSport('Quidditch')).toBeNull();
    expect(canonicalSport('')).toBeNull();
  });

  it('shows display names, and an unknown stored value with & for and', () => {
    expect(sportLabel('Track and Field')).toBe('Track & Field');
    expect(sportLabel('Fishing')).toBe('Fishing');
    expect(sportLabel('Sailing and Rowing')).toBe('Sailing & Rowing');
    expect(sportSearchTexts('Track and Field')).toEqual(['track and field', 'track & field']);
    expect(sportSearchTexts('Golf')).toEqual(['golf']);
  });

  it("keeps an edited athlete's unknown sport in the options, and orders sports as the list", () => {
    expect(sportOptions('Sailing').at(-1)).toEqual({ value: 'Sailing', label: 'Sailing' });
    expect(sportOptions('Golf')).toHaveLength(SPORT_NAMES.length);
    expect(['Soccer', 'Zorbing', 'Football', 'Archery'].sort(compareSports)).toEqual(['Football', 'Soccer', 'Archery', 'Zorbing']);
  });

  it('is what the forms and the server accept, storing the stored name', () => {
    const athlete = { name: 'Zoe Park', position: 'Forward', number: '9' };
    expect(validateCreateAthlete({ ...athlete, sport: 'Track & Field' })).toMatchObject({ value: { sport: 'Track and Field' }, errors: {} });
    expect(validateCreateAthlete({ ...athlete, sport: 'Softball' }).errors).toEqual({});
    expect(validateCreateAthlete({ ...athlete, sport: 'Quidditch' }).errors).toEqual({ sport: 'Choose a sport from the list' });
    expect(validateUpdateMember({ sport: 'Sailing' }, 'Sailing')).toMatchObject({ value: { sport: 'Sailing' }, errors: {} });
    expect(validateUpdateMember({ sport: 'Sailing' }, 'Golf').errors).toEqual({ sport: 'Choose a sport from the list' });
    const request = { name: 'Sam Striker', schoolId: 2, position: 'Striker', bio: '' };
    expect(validateProfileRequest({ ...request, sport: 'track' })).toMatchObject({ value: { sport: 'Track and Field' }, errors: {} });
    expect(validateProfileRequest({ ...request, sport: '' }).errors).toEqual({ sport: 'Sport is required' });
  });
});
