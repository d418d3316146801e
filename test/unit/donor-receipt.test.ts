// The donor's receipt text (shared/payments/donor-receipt.ts) and the signed "Manage membership"
// link (lambdas/payments/donation-notices.ts): what the IRS expects a non-deductible receipt to
// say, and a link that only we can make, for one subscription of one collective, until it expires.
import { receiptText, taxStatement } from '#shared/payments/donor-receipt';
import { MANAGE_LINK_DAYS, checkManageLink, manageLinkPath } from '#lambdas/payments/donation-notices';

const SECRET = 'a-test-signing-secret-of-at-least-32-chars';
const base = { legalName: 'Mariners NIL Collective LLC', collectiveName: 'Mariners NIL Collective', amountCents: 2_550, date: '2026-11-29T06:44:03Z' };

describe('the receipt', () => {
  it('names who received it, the amount, the date and what it bought', () => {
    const gift = receiptText({ ...base, kind: 'gift', tierName: null, taxDeductible: false });
    expect(gift.title).toBe('Your receipt from Mariners NIL Collective LLC: $25.50');
    expect(gift.body.split('\n')).toEqual([
      'Thank you for supporting Mariners NIL Collective.',
      'Received by: Mariners NIL Collective LLC',
      'Amount: $25.50 (USD)',
      'Date: November 29, 2026',
      'For: One-time gift to Mariners NIL Collective',
      'Contributions or gifts to Mariners NIL Collective LLC are not deductible as charitable contributions for federal income tax purposes.',
    ]);
    const month = receiptText({ ...base, kind: 'membership', tierName: 'Crew', taxDeductible: false, date: '2026-12-01T00:00:00Z' });
    expect(month.body).toContain('For: Crew membership of Mariners NIL Collective, December 2026');
  });

  it('a deductible collective says so, and for a membership that benefits reduce the deductible amount', () => {
    expect(taxStatement({ legalName: 'X Inc.', kind: 'gift', taxDeductible: true })).toContain('No goods or services were provided in exchange');
    expect(taxStatement({ legalName: 'X Inc.', kind: 'membership', taxDeductible: true })).toContain('less the fair market value of any membership benefits');
    expect(taxStatement({ legalName: 'X Inc.', kind: 'membership', taxDeductible: false })).toMatch(/are not deductible as charitable contributions/);
  });
});

describe('the Manage membership link', () => {
  const now = '2026-11-29T06:00:00.000Z';
  const query = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1]));

  it('opens its subscription of its collective until it expires', () => {
    const path = manageLinkPath(SECRET, 4, 'sub_ABC123', now);
    expect(path).toMatch(/^\/api\/support\/4\/manage\?s=sub_ABC123&e=\d+&t=[\w-]{43}$/);
    const at = Date.parse(now);
    expect(checkManageLink(SECRET, 4, query(path), at)).toEqual({ subscriptionId: 'sub_ABC123' });
    expect(checkManageLink(SECRET, 4, query(path), at + (MANAGE_LINK_DAYS - 1) * 86_400_000)).toEqual({ subscriptionId: 'sub_ABC123' });
    expect(checkManageLink(SECRET, 4, query(path), at + (MANAGE_LINK_DAYS + 1) * 86_400_000)).toBe('expired');
  });

  it('refuses another collective, another subscription, a later expiry, another key', () => {
    const q = query(manageLinkPath(SECRET, 4, 'sub_ABC123', now));
    const at = Date.parse(now);
    expect(checkManageLink(SECRET, 5, q, at)).toBe('invalid');
    expect(checkManageLink(SECRET, 4, { ...q, s: 'sub_OTHER' }, at)).toBe('invalid');
    expect(checkManageLink(SECRET, 4, { ...q, e: String(Number(q.e) + 86_400) }, at)).toBe('invalid');
    expect(checkManageLink(`${SECRET}x`, 4, q, at)).toBe('invalid');
    expect(checkManageLink(SECRET, 4, {}, at)).toBe('invalid');
  });
});
