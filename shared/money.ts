// Money: integer cents below the UI. Shopify sends decimal strings; we parse them exactly.

/** Parses a decimal money string ("25.00", "5", "0.5", "-3.10") into integer cents without floating point.
 * More than two fraction digits are rounded half away from zero. Returns null for anything else. */
export function parseMoneyToCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return parseMoneyToCents(value.toFixed(6));
  }
  if (typeof value !== 'string') return null;
  const match = /^\s*(-)?(\d{1,13})(?:\.(\d+))?\s*$/.exec(value);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const padded = (fraction + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  return sign && cents !== 0 ? -cents : cents;
}

export function dollarsToCents(dollars: number): number {
  const cents = parseMoneyToCents(dollars);
  if (cents === null) throw new Error(`not a money amount: ${dollars}`);
  return cents;
}

let usd: Intl.NumberFormat | undefined;

/** Formats integer cents as en-US USD, e.g. 250000 -> "$2,500.00". */
export function formatUsd(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}

/** The athlete's share of each sale, in basis points (97%). */
export const ATHLETE_SHARE_BASIS_POINTS = 9700;

/** The athlete's share of an amount, rounded half up to a whole cent. */
export function athleteShareCents(cents: number): number {
  return Math.round((cents * ATHLETE_SHARE_BASIS_POINTS) / 10000);
}
