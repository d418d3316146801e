import { FORM_BOX, formLines, formsDueDate, isReportable, reportingThreshold } from '../../shared/money/tax-forms';

describe('tax forms by payment type', () => {
  it('puts card royalties on 1099-MISC box 2 from $10, every year', () => {
    expect(FORM_BOX.royalty).toEqual({ form: '1099-MISC', box: '2', label: 'Royalties' });
    expect(reportingThreshold('royalty', 2026)).toEqual({ cents: 1_000, toConfirm: false });
    expect(isReportable('royalty', 2026, 999)).toBe(false);
    expect(isReportable('royalty', 2026, 1_000)).toBe(true);
    // The old rule reported a $1,500 royalty year under the $2,000 1099-NEC threshold as nothing.
    expect(isReportable('royalty', 2026, 150_000)).toBe(true);
  });

  it('applies $600 through 2025 and $2,000 in 2026 to services and other income', () => {
    expect(FORM_BOX.services.form).toBe('1099-NEC');
    expect(reportingThreshold('services', 2025).cents).toBe(60_000);
    expect(reportingThreshold('services', 2024).cents).toBe(60_000);
    expect(reportingThreshold('other', 2026)).toEqual({ cents: 200_000, toConfirm: false });
    expect(isReportable('services', 2026, 199_999)).toBe(false);
  });

  it('flags the indexed years until their figure is entered, and takes the entered one', () => {
    expect(reportingThreshold('services', 2027)).toEqual({ cents: 200_000, toConfirm: true });
    expect(reportingThreshold('services', 2027, { 2027: 210_000 })).toEqual({ cents: 210_000, toConfirm: false });
    expect(reportingThreshold('services', 2028, { 2027: 210_000 })).toEqual({ cents: 210_000, toConfirm: true });
  });

  it('is due on 31 January or the next business day', () => {
    expect(formsDueDate(2025)).toBe('2026-02-02'); // 31 January 2026 is a Saturday
    expect(formsDueDate(2026)).toBe('2027-02-01'); // a Sunday
    expect(formsDueDate(2027)).toBe('2028-01-31'); // a Monday
  });
});

describe("a payee's year by form and box", () => {
  it('puts card royalties on 1099-MISC box 2 and allocated donations on the form the collective sets', () => {
    expect(formLines(2026, { royaltyCents: 1_500, allocationCents: 250_000 }, 'nec')).toEqual([
      { form: '1099-MISC', box: '2', label: 'Royalties', paymentType: 'royalty', paidCents: 1_500, thresholdCents: 1_000, toConfirm: false, required: true },
      {
        form: '1099-NEC',
        box: '1',
        label: 'Nonemployee compensation',
        paymentType: 'allocation',
        paidCents: 250_000,
        thresholdCents: 200_000,
        toConfirm: false,
        required: true,
      },
    ]);
    const misc = formLines(2025, { royaltyCents: 900, allocationCents: 59_999 }, 'misc3');
    expect(misc.map((l) => [l.form, l.box, l.required])).toEqual([
      ['1099-MISC', '2', false],
      ['1099-MISC', '3', false],
    ]);
    expect(formLines(2027, { royaltyCents: 0, allocationCents: 300_000 }, 'misc3')).toEqual([expect.objectContaining({ box: '3', toConfirm: true })]);
    expect(formLines(2026, { royaltyCents: 0, allocationCents: 0 }, 'nec')).toEqual([]);
  });
});
