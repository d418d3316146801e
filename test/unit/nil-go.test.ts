import { nilGoRecordId, nilGoRecords, nilGoStatus, termsFrom, type DealTerms, type Provision } from '../../shared/money/nil-go';

const card = (version: number, from: string, bp = 9_700): DealTerms => ({ version, from, royaltyBasisPoints: bp, obligations: 'Approve each card' });
const paid = (at: string, cents: number, payorId = 'collective-1', reference = `batch-${at.slice(0, 10)}`): Provision => ({ at, cents, payorId, reference });
const base = { eligibilityStart: '2025-08-01T00:00:00.000Z', termsOf: () => [card(1, '2025-08-01T00:00:00.000Z')], now: '2026-11-25T00:00:00.000Z' };

describe("NIL Go's rule", () => {
  it('counts across calendar years: $400 in 2025 and $300 in 2026 reach $600 when the second is paid', () => {
    const [record] = nilGoRecords([paid('2025-10-15T15:00:00.000Z', 40_000), paid('2026-03-06T15:00:00.000Z', 30_000)], base);
    expect(record).toMatchObject({ payorGroup: 'collective-1', cumulativeCents: 70_000, reportableAt: '2026-03-06T15:00:00.000Z', deadline: '2026-03-13' });
    expect(record.references).toEqual(['batch-2025-10-15', 'batch-2026-03-06']);
  });

  it('counts what was provided, not what was earned: nothing paid, nothing due; a failed payout is taken back', () => {
    expect(nilGoRecords([], base)).toEqual([]);
    const [record] = nilGoRecords(
      [paid('2026-01-05T15:00:00.000Z', 50_000), paid('2026-01-09T15:00:00.000Z', -20_000), paid('2026-02-02T15:00:00.000Z', 29_000)],
      base,
    );
    expect(record.cumulativeCents).toBe(59_000);
    expect(record.reportableAt).toBeNull();
    expect(record.deadline).toBeNull();
  });

  it('ignores money before the eligibility start and after now', () => {
    const records = nilGoRecords([paid('2025-07-01T00:00:00.000Z', 90_000), paid('2026-12-01T00:00:00.000Z', 90_000)], base);
    expect(records).toEqual([]);
  });

  it('groups payors under common ownership', () => {
    const provisions = [paid('2026-02-02T15:00:00.000Z', 35_000, 'collective-1'), paid('2026-02-03T15:00:00.000Z', 35_000, 'collective-1b')];
    expect(nilGoRecords(provisions, base).map((r) => r.reportableAt)).toEqual([null, null]);
    const grouped = nilGoRecords(provisions, { ...base, groupOf: () => 'owner-A' });
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ payorGroup: 'owner-A', reportableAt: '2026-02-03T15:00:00.000Z', deadline: '2026-02-10' });
  });

  it('skips the holidays in the deadline (Thanksgiving 2026)', () => {
    const [record] = nilGoRecords([paid('2026-11-23T17:00:00.000Z', 60_000)], base);
    expect(record.deadline).toBe('2026-12-01');
  });

  it('opens a new record when the terms change; after the crossing it is due from the change', () => {
    const termsOf = () => [card(1, '2025-08-01T00:00:00.000Z'), card(2, '2026-06-01T00:00:00.000Z', 9_500)];
    const records = nilGoRecords([paid('2026-02-02T15:00:00.000Z', 70_000), paid('2026-07-01T15:00:00.000Z', 10_000)], { ...base, termsOf });
    expect(records.map((r) => [r.terms.version, r.terms.royaltyBasisPoints, r.providedUnderTermsCents, r.reportableAt, r.deadline])).toEqual([
      [1, 9_700, 70_000, '2026-02-02T15:00:00.000Z', '2026-02-09'],
      [2, 9_500, 10_000, '2026-06-01T00:00:00.000Z', '2026-06-05'],
    ]);
  });

  it('reports the earlier deal too when a later one takes the aggregate over $600', () => {
    const termsOf = () => [card(1, '2025-08-01T00:00:00.000Z'), card(2, '2026-06-01T00:00:00.000Z')];
    const records = nilGoRecords([paid('2026-02-02T15:00:00.000Z', 40_000), paid('2026-07-01T15:00:00.000Z', 30_000)], { ...base, termsOf });
    expect(records.map((r) => [r.terms.version, r.reportableAt])).toEqual([
      [1, '2026-07-01T15:00:00.000Z'],
      [2, '2026-07-01T15:00:00.000Z'],
    ]);
  });

  it('keeps a report due when a reversal takes the aggregate back under $600', () => {
    const [record] = nilGoRecords([paid('2026-02-02T15:00:00.000Z', 60_000), paid('2026-02-04T15:00:00.000Z', -60_000)], base);
    expect(record.cumulativeCents).toBe(0);
    expect(record.reportableAt).toBe('2026-02-02T15:00:00.000Z');
  });
});

describe('the terms, the record and its status', () => {
  it('starts the terms in force at the eligibility start from that day; a later version from its own date', () => {
    const table = [card(1, '2000-01-01'), card(2, '2026-06-01', 9_500)];
    expect(termsFrom('2025-08-01', table).map((t) => [t.version, t.from, t.royaltyBasisPoints])).toEqual([
      [1, '2025-08-01', 9_700],
      [2, '2026-06-01', 9_500],
    ]);
    expect(termsFrom('2026-07-01', table).map((t) => [t.version, t.from])).toEqual([[2, '2026-07-01']]);
    expect(termsFrom('2025-08-01')).toEqual([expect.objectContaining({ version: 1, from: '2025-08-01', royaltyBasisPoints: 9_700 })]);
  });

  it('counts from the eligibility day in US Eastern time', () => {
    // 02:00 UTC on 1 August is still 31 July in New York: before the eligibility start.
    const records = nilGoRecords([paid('2025-08-01T02:00:00.000Z', 70_000), paid('2025-08-02', 1_000)], { ...base, eligibilityStart: '2025-08-01' });
    expect(records[0].cumulativeCents).toBe(1_000);
  });

  it('gives each record an id of its payor group and terms version', () => {
    expect(nilGoRecordId('collective-1', 2)).toBe('collective-1~v2');
  });

  it('says due with the business days left, due today, overdue, reported or under', () => {
    const record = { deadline: '2026-03-13' };
    expect(nilGoStatus(record, false, '2026-03-06')).toEqual({ status: 'due', businessDaysLeft: 5 });
    expect(nilGoStatus(record, false, '2026-03-12')).toEqual({ status: 'due', businessDaysLeft: 1 });
    expect(nilGoStatus(record, false, '2026-03-13')).toEqual({ status: 'due_today', businessDaysLeft: 0 });
    expect(nilGoStatus(record, false, '2026-03-16')).toEqual({ status: 'overdue', businessDaysLeft: 0 });
    expect(nilGoStatus(record, true, '2026-03-16')).toEqual({ status: 'reported', businessDaysLeft: null });
    expect(nilGoStatus({ deadline: null }, false, '2026-03-16')).toEqual({ status: 'under', businessDaysLeft: null });
    // Across the Thanksgiving holiday: 23 November 2026 + 5 business days is 1 December.
    expect(nilGoStatus({ deadline: '2026-12-01' }, false, '2026-11-25')).toEqual({ status: 'due', businessDaysLeft: 3 });
  });
});
