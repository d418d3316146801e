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

/** What a person types in a price or amount field ("25", "25.5", "$1,250.00") as integer cents,
 * by parseMoneyToCents's rules: an optional $, digits (thousands commas allowed), at most two
 * decimals. Null for anything else: blank, a sign, a third decimal (a typo to show, not to round). */
export function parseTypedDollars(text: string): number | null {
  const match = /^\s*\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s*$/.exec(text);
  return match ? parseMoneyToCents(match[1].replace(/,/g, '') + (match[2] ?? '')) : null;
}

/** Integer cents as a money field shows them to edit: 2500 -> "25.00" (no $ or commas: parseTypedDollars reads it back). */
export function typedDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function dollarsToCents(dollars: number): number {
  const cents = parseMoneyToCents(dollars);
  if (cents === null) throw new Error(`not a money amount: ${dollars}`);
  return cents;
}

// Created on first use: building an Intl formatter loads ICU data, ~20 ms of every cold start of
// a function that merely imports this module (docs/BENCHMARKS.md, "Lambda bundles").
let usd: Intl.NumberFormat | undefined;

/** Formats integer cents as en-US USD, e.g. 250000 -> "$2,500.00". */
export function formatUsd(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}

/** The one currency the shop counts in (Shopify's shop currency). Orders in another shop
 * currency are refused, never counted at face value. */
export const SHOP_CURRENCY = 'USD';

/** The largest single amount (a line, an order, a refund) counted: ten billion dollars. Sums of
 * such amounts stay far below 2^53, so integer cents stay exact everywhere. */
export const MAX_SAFE_CENTS = 1_000_000_000_000;

/** The athlete's share of each sale, in basis points (97%). */
export const ATHLETE_SHARE_BASIS_POINTS = 9700;

/**
 * The rounding rule of the 97%: the athlete's share of an amount is 97% of it rounded half up to
 * a whole cent, computed in integers (no floating point). The ledger applies it to running
 * totals (shared/money/ledger.ts), so shares always sum to exactly this of the total.
 */
export function athleteShareCents(cents: number): number {
  const sign = cents < 0 ? -1 : 1;
  const n = Math.abs(cents) * ATHLETE_SHARE_BASIS_POINTS + 5000;
  return sign * ((n - (n % 10000)) / 10000);
}
