// Display names (shared/community/display-names.ts) with worked examples: what is refused and why,
// one key for every spelling.
import { displayNameError, displayNameKey, displayNameWords, validateProfile } from '#shared/community/display-names';

describe('display names', () => {
  it('accepts a name of the fan’s own', () => {
    for (const name of ['CaseyCollects', 'casey.collects', 'Casey Collects 23', 'Gold-Rush_fan']) expect([name, displayNameError(name)]).toEqual([name, null]);
  });

  it('names what is wrong', () => {
    expect(displayNameError('')).toBe('Choose a display name.');
    expect(displayNameError('ab')).toBe('A display name has 3 to 24 characters.');
    expect(displayNameError('x'.repeat(25))).toBe('A display name has 3 to 24 characters.');
    expect(displayNameError('casey@example.com')).toBe('A display name cannot be an email address or contain one.');
    expect(displayNameError('7casey')).toBe('Use letters, digits, spaces and . _ - only, starting with a letter.');
    expect(displayNameError('casey!')).toBe('Use letters, digits, spaces and . _ - only, starting with a letter.');
    expect(displayNameError('www.casey.com')).toBe('A display name cannot be a link.');
    expect(displayNameError('Fan 7KQ2MX')).toBe('Names like “Fan 7KQ2MX” are the ones Drift gives; choose your own.');
    expect(displayNameError('Guest')).toBe('“guest” is reserved: choose a name without it.');
    // The name guard's words and label (shared/platform/name-guard.ts), however spelt.
    expect(displayNameError('Drift Support')).toBe('This name is too close to “drift”, a word kept for Drift and its staff: choose a name without it.');
    expect(displayNameError('OfficialCasey')).toBe('This name is too close to “official”, a word kept for Drift and its staff: choose a name without it.');
    expect(displayNameError('the admin')).toBe('This name is too close to “admin”, a word kept for Drift and its staff: choose a name without it.');
    expect(displayNameError('Adm1n Desk')).toBe('This name is too close to “admin”, a word kept for Drift and its staff: choose a name without it.');
    expect(displayNameError('A collector')).toBe(
      'This name is too close to “A collector”, what Drift calls collectors whose names stay private: choose another.',
    );
  });

  it('gives every spelling one key', () => {
    expect(displayNameKey(' Casey.Collects ')).toBe('caseycollects');
    expect(displayNameKey('casey collects')).toBe('caseycollects');
    expect(displayNameWords('TheRealMarcusReed7')).toEqual(['the', 'real', 'marcus', 'reed', '7']);
  });

  it('checks the profile form: a public profile needs a name', () => {
    expect(validateProfile({ displayName: 'CaseyCollects', public: true })).toEqual({ value: { displayName: 'CaseyCollects', public: true }, errors: {} });
    expect(validateProfile({ displayName: null, public: true }).errors).toEqual({ public: 'Choose a display name first: your public profile is found by it.' });
    expect(validateProfile({ displayName: 'x', public: 'yes' }).errors).toEqual({
      displayName: 'A display name has 3 to 24 characters.',
      public: 'Choose whether your profile is public.',
    });
  });
});
