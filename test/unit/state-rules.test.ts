import {
  DEFAULT_RULE,
  STATE_RULES,
  US_STATES,
  clockFor,
  disclosureClocks,
  ruleOf,
  stateClock,
  stateCodeOf,
  stateError,
  type StateRule,
} from '../../shared/money/state-rules';

const signed = { signedAt: '2026-03-10T02:00:00.000Z', firstPaidAt: '2026-04-01T15:00:00.000Z' };

describe('state disclosure clocks', () => {
  it('has the states the issue names, each with a source, and a default', () => {
    expect(STATE_RULES.map((r) => r.state).sort()).toEqual(['CA', 'FL', 'GA', 'NY', 'OH', 'PA', 'TX']);
    for (const rule of STATE_RULES) expect(rule.source.length).toBeGreaterThan(20);
    expect(ruleOf('wy')).toBe(DEFAULT_RULE);
    expect(ruleOf(null)).toBe(DEFAULT_RULE);
    expect(ruleOf(' ny ').name).toBe('New York');
  });

  it('makes New York, Ohio and Texas due before the approval (the signing), dated in US Eastern time', () => {
    for (const state of ['NY', 'OH', 'TX'])
      expect(stateClock(state, signed)).toMatchObject({ kind: 'before', dueBy: '2026-03-09', from: "before the athlete's approval of the card" });
    expect(stateClock('NY', { signedAt: null, firstPaidAt: null }).dueBy).toBeNull();
  });

  it("leaves school-policy states to the school's days, and shows no date without them", () => {
    expect(stateClock('CA', signed)).toMatchObject({ kind: 'school-policy', dueBy: null, from: "as the school's policy sets" });
    expect(stateClock('CA', signed, 3)).toMatchObject({
      dueBy: '2026-03-12',
      from: "3 business days after the athlete's approval of the card (the school's policy)",
    });
    expect(stateClock('WY', signed, 0).dueBy).toBe('2026-03-09');
  });

  it('counts a clock that runs after an event in calendar or business days', () => {
    const rule = (business: boolean): StateRule => ({ ...DEFAULT_RULE, state: 'ZZ', clock: { start: 'payment', before: false, days: 7, business } });
    expect(clockFor(rule(false), signed)).toMatchObject({ kind: 'after', dueBy: '2026-04-08', from: '7 days after the first payout paid' });
    expect(clockFor(rule(true), signed).dueBy).toBe('2026-04-10');
  });
});

describe("the disclosure record's clocks", () => {
  const cards = [
    { name: 'Base #1', approvedAt: '2026-03-10T02:00:00.000Z' },
    { name: 'Draft', approvedAt: null },
  ];
  const nilGo = [{ payors: ['Mariners NIL Collective'], reportableAt: '2026-04-01', deadline: '2026-04-08' }];

  it("gives each approved card its state's clock, then NIL Go's for each reportable record", () => {
    const clocks = disclosureClocks({ state: 'NY', cards, firstPaidAt: '2026-04-01', schoolPolicyDays: null, nilGo });
    expect(clocks).toEqual([
      expect.objectContaining({
        kind: 'state',
        subject: 'Base #1',
        timing: 'before',
        dueBy: '2026-03-09',
        to: 'an official of the college, designated by the college',
      }),
      expect.objectContaining({ kind: 'nil-go', subject: 'Mariners NIL Collective', dueBy: '2026-04-08' }),
    ]);
    expect(
      disclosureClocks({ state: 'NY', cards, firstPaidAt: null, schoolPolicyDays: null, nilGo: [{ ...nilGo[0], reportableAt: null, deadline: null }] }),
    ).toHaveLength(1);
  });

  it.each([
    ['OH', '2026-03-09', 'before'],
    ['TX', '2026-03-09', 'before'],
    ['CA', '2026-03-12', 'school-policy'],
    ['FL', '2026-03-12', 'school-policy'],
    ['PA', '2026-03-12', 'school-policy'],
    ['GA', '2026-03-12', 'school-policy'],
    ['WY', '2026-03-12', 'school-policy'],
  ])('dates %s for a card approved on 9 March (US Eastern), with the school’s 3 days where the state leaves it to the school', (state, dueBy, timing) => {
    const [clock] = disclosureClocks({ state, cards, firstPaidAt: null, schoolPolicyDays: 3, nilGo: [] });
    expect(clock).toMatchObject({ kind: 'state', dueBy, timing });
  });

  it('reads a school state as a USPS code, and names what is wrong', () => {
    expect(stateCodeOf(' ny ')).toBe('NY');
    expect(stateCodeOf('New York')).toBeNull();
    expect(Object.keys(US_STATES)).toHaveLength(51);
    expect(stateError('XX')).toBe('State must be a US state (two-letter code)');
    expect(stateError('', true)).toBe('Choose the state the school is in');
    expect(stateError('')).toBeNull();
  });
});
