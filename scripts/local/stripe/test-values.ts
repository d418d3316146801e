// Stripe's documented test-mode values (https://docs.stripe.com/testing, https://docs.stripe.com/connect/testing):
// the only bank account and card numbers the stand-in accepts, and what each one does.

export const TEST_ROUTING_NUMBER = '110000000';

type BankOutcome = { failure?: { code: string; message: string }; note: string };

/** A test bank account whose payouts fail with Stripe's failure code and message. */
const failing = (code: string, message: string): BankOutcome => ({ failure: { code, message }, note: `payouts fail: ${code}` });

/** Test bank account numbers (with routing 110000000) and the payout outcome of each. */
export const TEST_BANK_ACCOUNTS: Record<string, BankOutcome> = {
  '000123456789': { note: 'payouts succeed' },
  '000111111116': failing('no_account', 'The bank account details on file are probably incorrect. No bank account could be located with those details.'),
  '000111111113': failing('account_closed', 'The bank account has been closed.'),
  '000222222227': failing('insufficient_funds', 'Your Stripe account has insufficient funds to cover the payout.'),
  '000333333335': failing('debit_not_authorized', 'Debit transactions are not approved on the bank account.'),
  '000444444440': failing('invalid_currency', 'The bank was unable to process this payout because of its currency.'),
};

export interface CardOutcome {
  brand: string;
  /** Absent: the payment succeeds. */
  decline?: { code: string; decline_code?: string; message: string };
}

/** Test card numbers. Any other number that passes the Luhn check is declined as a non-test card. */
export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { brand: 'visa', decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': {
    brand: 'visa',
    decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': { brand: 'visa', decline: { code: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': { brand: 'visa', decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
};

export const NON_TEST_CARD: CardOutcome = {
  brand: 'unknown',
  decline: {
    code: 'card_declined',
    decline_code: 'live_mode_test_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
};

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** 4242 4242 4242 4242, as the pages show a number. */
export const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
