// The support page's shared rules (shared/payments/support-api.ts), run by the web forms before
// they send and by the support function on receipt: the platform fee in whole cents, typed
// percentages, the give form (a tier or an amount, a name unless anonymous, no email shown
// publicly) and the settings (tiers retired, never removed; limits; unique names).
import { feeCents, feePercent, parsePercent, percentText, validateGive, validateSupportSettings, type SupportTier } from '#shared/payments/support-api';

const page = { tiers: [{ id: 't1', name: 'Crew', amountCents: 1_000, perk: '' }], giftsEnabled: true };
const give = (body: Record<string, unknown>) => validateGive({ donorName: 'Casey', anonymous: false, organization: false, comment: '', ...body }, page);

describe('the platform fee', () => {
  it('is whole cents, half up, from basis points', () => {
    expect(feeCents(2_500, 250)).toBe(63); // 62.5
    expect(feeCents(2_500, 0)).toBe(0);
    expect(feeCents(1_000, 1000)).toBe(100);
    expect(feeCents(199, 250)).toBe(5); // 4.975
    expect(feePercent(250)).toBe(2.5);
    expect(percentText(250)).toBe('2.5%');
  });
  it('reads typed percentages with at most two decimals', () => {
    expect(parsePercent('2.5')).toBe(250);
    expect(parsePercent(' 2.50 % ')).toBe(250);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('2.555')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
    expect(parsePercent('ten')).toBeNull();
  });
});

describe('a gift or membership', () => {
  it('takes an offered tier or an amount between $1 and $10,000', () => {
    expect(give({ kind: 'membership', tierId: 't1' }).errors).toEqual({});
    expect(give({ kind: 'membership', tierId: 't9' }).errors).toEqual({ tierId: 'Choose a membership tier' });
    expect(give({ kind: 'gift', amountCents: 2_500 }).errors).toEqual({});
    expect(give({ kind: 'gift', amountCents: 99 }).errors.amountCents).toMatch(/between \$1\.00 and \$10,000\.00/);
    expect(give({ kind: 'gift', amountCents: 25.5 }).errors.amountCents).toMatch(/dollars and cents/);
    expect(give({ kind: 'other' }).errors.kind).toBeDefined();
    expect(validateGive({ kind: 'gift', amountCents: 2_500, donorName: 'Casey' }, { ...page, giftsEnabled: false }).errors.kind).toMatch(/memberships only/);
  });
  it("needs a name unless anonymous, and never keeps an anonymous donor's name or an email shown publicly", () => {
    expect(give({ kind: 'gift', amountCents: 2_500, donorName: ' ' }).errors.donorName).toBe('Your name is required');
    const anonymous = give({ kind: 'gift', amountCents: 2_500, donorName: 'Secret Sam', anonymous: true, organization: true });
    expect(anonymous.errors).toEqual({});
    expect(anonymous.value).toMatchObject({ donorName: '', anonymous: true, organization: false });
    expect(give({ kind: 'gift', amountCents: 2_500, donorName: 'casey@example.com' }).errors.donorName).toMatch(/not an email address/);
    expect(give({ kind: 'gift', amountCents: 2_500, comment: 'write me at casey@example.com' }).errors.comment).toMatch(/leave out email addresses/);
    expect(give({ kind: 'gift', amountCents: 2_500, comment: 'x'.repeat(281) }).errors.comment).toMatch(/at most 280/);
  });
});

describe('the settings', () => {
  const current: SupportTier[] = [{ id: 't1', name: 'Crew', amountCents: 1_000, perk: '', retired: false }];
  const settings = (body: Record<string, unknown>) =>
    validateSupportSettings(
      {
        pitch: '',
        giftsEnabled: true,
        feeBasisPoints: 0,
        version: 1,
        tiers: [{ id: 't1', name: 'Crew', amountCents: 1_000, perk: '', retired: false }],
        ...body,
      },
      current,
    );

  it('keeps every tier (retired, never removed) and refuses unknown ids and twin names', () => {
    expect(settings({}).errors).toEqual({});
    expect(settings({ tiers: [] }).errors.tiers).toMatch(/retired but not removed \(Crew\)/);
    expect(settings({ tiers: [{ id: 't7', name: 'Crew', amountCents: 1_000 }] }).errors['tiers.0.name']).toMatch(/no longer exists/);
    const twins = settings({ tiers: [current[0], { id: null, name: 'crew', amountCents: 2_000 }] });
    expect(twins.errors['tiers.1.name']).toBe('Two tiers cannot have the same name');
  });
  it('limits the fee to 10% and the tiers offered at once to 6', () => {
    expect(settings({ feeBasisPoints: 1001 }).errors.feeBasisPoints).toMatch(/between 0% and 10%/);
    expect(settings({ feeBasisPoints: 2.5 }).errors.feeBasisPoints).toBeDefined();
    const many = Array.from({ length: 6 }, (_, i) => ({ id: null, name: `Tier ${i}`, amountCents: 1_000 + i, perk: '', retired: false }));
    expect(settings({ tiers: [current[0], ...many] }).errors.tiers).toMatch(/At most 6 tiers can be offered at once/);
    expect(settings({ tiers: [{ ...current[0], retired: true }, ...many] }).errors.tiers).toBeUndefined();
    expect(settings({ version: -1 }).errors.version).toBeDefined();
  });
  it('receipts are not deductible unless the collective says so; a goal needs an amount and a label', () => {
    expect(settings({}).value).toMatchObject({ taxDeductible: false, legalName: '', goal: null });
    expect(settings({ taxDeductible: true, legalName: ' Mariners NIL Collective LLC ' }).value).toMatchObject({
      taxDeductible: true,
      legalName: 'Mariners NIL Collective LLC',
    });
    const goal = settings({ goal: { amountCents: 500_000, label: 'Summer camp', period: 'month' } });
    expect(goal.errors).toEqual({});
    expect(goal.value.goal).toEqual({ amountCents: 500_000, label: 'Summer camp', period: 'month' });
    expect(Object.keys(settings({ goal: { amountCents: 50, label: '', period: 'year' } }).errors).sort()).toEqual([
      'goal.amountCents',
      'goal.label',
      'goal.period',
    ]);
    expect(settings({ legalName: 'x'.repeat(121) }).errors.legalName).toMatch(/at most 120/);
  });
});
