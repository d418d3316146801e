import fc from 'fast-check';
import { athleteShareCents, formatUsd, parseMoneyToCents, parseTypedDollars, typedDollars } from '#shared/platform/money';

describe('parseMoneyToCents', () => {
  it.each([
    ['25.00', 2500],
    ['5', 500],
    ['0.5', 50],
    ['0.10', 10],
    ['19.99', 1999],
    ['1234567.89', 123456789],
    ['-3.10', -310],
    ['2.005', 201],
    ['2.004', 200],
  ])('parses %s exactly', (input, cents) => {
    expect(parseMoneyToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '1,000.00', '1e3', '.5', null, undefined, {}])('rejects %p', (input) => {
    expect(parseMoneyToCents(input)).toBeNull();
  });

  it('round-trips every two-decimal string without floating point drift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        return parseMoneyToCents(text) === cents;
      }),
    );
  });
});

describe('parseTypedDollars', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['19.99', 1999],
    [' $1,250.00 ', 125000],
    ['1000', 100000],
    ['0', 0],
  ])('reads %p as %p cents', (input, cents) => {
    expect(parseTypedDollars(input)).toBe(cents);
  });

  it.each(['', ' ', 'abc', '1.234', '-5', '.5', '25.', '1,00', '$', '12345678901234'])('rejects %p', (input) => {
    expect(parseTypedDollars(input)).toBeNull();
  });

  it('reads back what typedDollars shows', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => parseTypedDollars(typedDollars(cents)) === cents));
    expect(typedDollars(2500)).toBe('25.00');
    expect(typedDollars(5)).toBe('0.05');
  });
});

describe('formatUsd', () => {
  it('formats cents as en-US dollars', () => {
    expect(formatUsd(250000)).toBe('$2,500.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(0)).toBe('$0.00');
  });
});

describe('athleteShareCents', () => {
  it('is 97% rounded to the cent', () => {
    expect(athleteShareCents(10000)).toBe(9700);
    expect(athleteShareCents(300)).toBe(291);
    expect(athleteShareCents(2500)).toBe(2425);
    expect(athleteShareCents(1)).toBe(1);
  });
});
