// What the support page shows around its form (web/src/features/support/components/support-page.tsx):
// the thank-you after paying (or that nothing was charged), the notices of the Manage membership
// link, the goal's progress with the number of supporters, and the wall of named supporters.
import type { CheckoutResultResponse, SupportPageResponse, WallEntry } from '@shared/payments/support-api';
import { formatUsd } from '@shared/platform/money';

/** What the donor sees after paying: the thanks, what was bought, the receipt's promise and, for a
 * membership, "Manage membership". The form comes back only when the donor chooses "Give again". */
export function ThankYou({ result, collectiveName, onGiveAgain }: { result: CheckoutResultResponse; collectiveName: string; onGiveAgain: () => void }) {
  const gift = result.recorded;
  return (
    <section className="panel support-thanks" aria-labelledby="support-thanks-title">
      <h2 id="support-thanks-title" className="panel-title">
        Thank you{gift && gift.donorName !== 'Anonymous' ? `, ${gift.donorName}` : ''}!
      </h2>
      <div role="status">
        <p>
          {gift
            ? gift.kind === 'membership'
              ? `You are now a ${gift.tierName ?? ''} member of ${collectiveName}: ${formatUsd(gift.amountCents)} a month.`
              : `Your gift of ${formatUsd(gift.amountCents)} to ${collectiveName} is recorded.`
            : `Your payment to ${collectiveName} is complete.`}
        </p>
        <p>A receipt is on its way to the email address you gave on the payment page.</p>
      </div>
      {gift?.comment && <p className="small">Your comment: “{gift.comment}”</p>}
      <div className="support-thanks-actions">
        {result.manageUrl && (
          <a className="btn btn-primary" href={result.manageUrl}>
            Manage membership
          </a>
        )}
        <button type="button" className="btn btn-outline" onClick={onGiveAgain}>
          Give again
        </button>
      </div>
      {result.manageUrl && <p className="small muted">Change your tier, update your card or cancel at any time: the link is also in every receipt.</p>}
    </section>
  );
}

/** The donor came back from Stripe without paying (or the page expired): nothing was charged. */
export function NotPaid({ result }: { result: CheckoutResultResponse }) {
  if (result.status === 'open') return <p className="form-error">Your payment was not completed, so nothing was charged. You can try again below.</p>;
  return <p className="form-error">That payment page expired before anything was paid: nothing was charged.</p>;
}

export const MANAGE_NOTICES: Record<string, string> = {
  expired: 'That "Manage membership" link has expired. Use the link in your latest receipt: each monthly receipt brings a new one.',
  invalid: 'That "Manage membership" link is not valid. Use the link in your latest receipt email.',
  unavailable: 'Managing memberships is not available right now. Please try again in a moment.',
};

/** The goal's progress bar and the number of supporters. */
export function Progress({ page }: { page: SupportPageResponse }) {
  const { goal, supporters } = page;
  const people = `${supporters} ${supporters === 1 ? 'supporter' : 'supporters'}`;
  if (!goal) return supporters > 0 ? <p className="support-count">{people}</p> : null;
  const percent = Math.min(100, Math.floor((goal.raisedCents * 100) / goal.amountCents));
  return (
    <section className="support-goal" aria-labelledby="support-goal-title">
      <h2 id="support-goal-title" className="support-goal-title">
        {goal.label}
      </h2>
      <div
        className="support-goal-bar"
        role="progressbar"
        aria-labelledby="support-goal-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatUsd(goal.raisedCents)} of ${formatUsd(goal.amountCents)}`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="support-goal-figures">
        <strong>{formatUsd(goal.raisedCents)}</strong> raised of {formatUsd(goal.amountCents)}
        {goal.period === 'month' ? ' this month' : ''} · {people}
      </p>
    </section>
  );
}

/** The supporters who gave their name, newest first. */
export function Wall({ wall }: { wall: WallEntry[] }) {
  if (!wall.length) return null;
  return (
    <section className="panel support-wall" aria-labelledby="support-wall-title">
      <h2 id="support-wall-title" className="panel-title">
        Supporters
      </h2>
      <ul>
        {wall.map((entry, i) => (
          <li key={`${entry.date}-${i}`}>
            <span className="support-wall-name">{entry.donorName}</span>
            <span className="muted small">{entry.kind === 'membership' ? `${entry.tierName ?? 'Monthly'} member` : 'Gift'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
