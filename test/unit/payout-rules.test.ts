// The payout rules and documents that moved out of the payouts handler (shared/money/payout-rules.ts,
// payout-documents.ts): what each request must satisfy, and the CSV files and disclosure record.
import { batchCsv, disclosureCsv, disclosureRecordOf, statementCsv } from '#shared/money/payout-documents';
import { batchPeriodErrors, latestBatchEnd, markErrors, statementRangeErrors, w9Error } from '#shared/money/payout-rules';
import type { PayoutBatchView, PayoutLineView, YearStatusView } from '#shared/money/payouts-api';

const line = (athleteId: number, over: Partial<PayoutLineView> = {}): PayoutLineView => ({
  batchId: '20261101000000-abcdef01',
  athleteId,
  amountCents: 12_345,
  status: 'pending',
  periodStart: '2026-10-01T00:00:00.000Z',
  periodEnd: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  sentDate: null,
  sentReference: null,
  paidDate: null,
  paidReference: null,
  ...over,
});

describe('payout rules', () => {
  const now = new Date('2026-11-20T15:00:00.000Z');

  it('holds a batch period to after its start, a year at most, through today at the latest', () => {
    expect(batchPeriodErrors('2026-11-01T00:00:00.000Z', '2026-11-21T00:00:00.000Z', now)).toEqual({});
    expect(batchPeriodErrors(null, null, now)).toEqual({ periodStart: 'must be a date (YYYY-MM-DD)', periodEnd: 'must be a date (YYYY-MM-DD)' });
    expect(batchPeriodErrors('2026-11-02T00:00:00.000Z', '2026-11-01T00:00:00.000Z', now)).toEqual({ periodEnd: 'must be after the start' });
    expect(batchPeriodErrors('2025-01-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', now)).toEqual({ periodEnd: 'a period spans at most a year' });
    expect(batchPeriodErrors('2026-11-01T00:00:00.000Z', '2026-11-22T00:00:00.000Z', now).periodEnd).toMatch(/^must not be in the future/);
  });

  it('holds a statement range to after its start and a year at most', () => {
    expect(statementRangeErrors('2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z')).toEqual({});
    expect(Object.keys(statementRangeErrors(null, null))).toEqual(['from', 'to']);
    expect(statementRangeErrors('2026-01-01T00:00:00.000Z', '2027-01-03T00:00:00.000Z')).toEqual({ to: 'must be after from, at most a year later' });
  });

  it('marks a payout with a status, a day not in the future and a printable reference', () => {
    expect(markErrors('paid', '2026-11-20', 'ACH 123', '2026-11-20')).toEqual({});
    expect(markErrors(null, '2026-11-21', '', '2026-11-20')).toEqual({
      status: "must be 'sent' or 'paid'",
      date: 'must not be in the future',
      reference: 'is required: the ACH trace, transfer id or cheque number (at most 100 characters)',
    });
    expect(markErrors('sent', null, 'x', '2026-11-20')).toEqual({ date: 'must be a day (YYYY-MM-DD)' });
  });

  it('needs the W-9 day when it is on file and never takes a taxpayer id', () => {
    expect(w9Error(true, '2026-11-01', {})).toBeNull();
    expect(w9Error(false, null, {})).toBeNull();
    expect(w9Error(true, null, { ssn: '1' })).toEqual({ date: 'must be the day the W-9 was received (YYYY-MM-DD)' });
    expect(w9Error(false, null, { tin: '1' })).toEqual({ taxpayerId: 'is never stored here: keep the W-9 itself in your own records' });
  });

  it('starts the next default period where the latest batch ended', () => {
    expect(latestBatchEnd([])).toBeNull();
    expect(
      latestBatchEnd([{ periodEnd: '2026-10-01T00:00:00.000Z' }, { periodEnd: '2026-11-01T00:00:00.000Z' }, { periodEnd: '2026-09-01T00:00:00.000Z' }]),
    ).toBe('2026-11-01T00:00:00.000Z');
  });
});

describe('payout documents', () => {
  it('writes a batch as a payment file with each payout’s status and dates, naming an athlete it cannot read by id', () => {
    const batch = {
      batchId: '20261101000000-abcdef01',
      periodStart: '2026-10-01T00:00:00.000Z',
      periodEnd: '2026-11-01T00:00:00.000Z',
      lines: [line(1, { status: 'paid', sentDate: '2026-11-02', paidDate: '2026-11-04', paidReference: 'ACH 9' }), line(2, { status: 'in_transit' })],
    };
    const file = batchCsv(
      batch as PayoutBatchView,
      new Map([
        [1, { name: 'Marcus Reed', school: 'Drift State' }],
        [2, null],
      ]),
    );
    expect(file).toBe(
      'athlete,school,amount,period,batch id,status,sent on,paid on,reference\r\n' +
        'Marcus Reed,Drift State,123.45,2026-10-01 through 2026-10-31,20261101000000-abcdef01,paid,2026-11-02,2026-11-04,ACH 9\r\n' +
        'Athlete 2,,123.45,2026-10-01 through 2026-10-31,20261101000000-abcdef01,in transit,,,\r\n',
    );
  });

  it('writes a statement between its opening and closing balances, each line with its order date, settlement date and cards', () => {
    const entry = {
      at: '2026-11-02T00:00:00.000Z',
      orderDate: '2026-10-30T18:00:00.000Z',
      cards: ['Marcus Reed - Card #1', 'Marcus Reed - Card #2'],
      kind: 'sale',
      orderName: '#1001',
      grossCents: 1000,
      athleteShareCents: 970,
      creditCents: 0,
      payoutCents: 0,
      balanceAfterCents: 2970,
    };
    const s = { openingBalanceCents: 2000, closingBalanceCents: 2970, entries: [entry] } as unknown as Parameters<typeof statementCsv>[0];
    expect(statementCsv(s)).toBe(
      'order date,settled,kind,reference,cards,gross,athlete amount,balance\r\n' +
        'Opening balance,,,,,,,20.00\r\n' +
        '2026-10-30T18:00:00.000Z,2026-11-02T00:00:00.000Z,sale,#1001,Marcus Reed - Card #1; Marcus Reed - Card #2,10.00,9.70,29.70\r\n' +
        'Closing balance,,,,,,,29.70\r\n',
    );
  });

  it('records a year’s NIL disclosure with its paid payments, and writes it as field and value', () => {
    const year: YearStatusView = {
      year: 2026,
      earnedCents: 70_000,
      paidCents: 12_345,
      w9OnFile: false,
      w9Date: null,
      form1099ThresholdCents: 200_000,
      form1099Required: false,
      nil: { thresholdCents: 60_000, crossedAt: '2026-11-02', deadline: '2026-11-09', reportedDate: null, reference: null },
    };
    const payouts = [
      line(1, { status: 'paid', paidDate: '2026-11-05', paidReference: 'ACH 9' }),
      line(1, { status: 'sent' }),
      line(1, { status: 'paid', paidDate: '2025-12-30' }),
    ];
    const record = disclosureRecordOf({ id: 1, name: 'Marcus Reed', school: 'Drift State', sport: 'Football' }, null, { year, payouts }, 2026);
    expect(record).toMatchObject({
      payor: { name: 'Drift NIL collective', contact: null },
      payments: [{ date: '2026-11-05', amountCents: 12_345, reference: 'ACH 9' }],
      earnedCents: 70_000,
      deadline: '2026-11-09',
      term: 'Ongoing while the athlete’s cards are on sale; this record covers 2026-01-01 to 2026-12-31',
    });
    const rows = disclosureCsv(record).split('\r\n');
    expect(rows[0]).toBe('field,value');
    expect(rows).toContain('Payment 2026-11-05,$123.45 (ref ACH 9)');
    expect(rows).toContain('Reported,not yet');
  });
});
