// Approvals: the cards waiting for the athlete's decision, each shown exactly as fans will see it
// (the Drift frame around its image with the edition and its size, the title, price, description). Approve sends the image version the answer gave,
// so an image changed since is refused (409) and must be reloaded and reviewed again; Reject needs
// a reason (a dialog). The buttons are the moves shared/cards/lifecycle.ts offers the athlete in
// the card's state. Decided cards are listed with who decided and when, from their history.
// The demo shows the demo athlete's cards read-only.
import { useState } from 'react';
import { validateReject, type OwnerCard } from '@shared/cards/cards-api';
import { actions, awaitsApproval, shownState, stateLabel } from '@shared/cards/lifecycle';
import type { AthleteProfileResponse } from '@shared/catalog/catalog-api';
import { sportLabel } from '@shared/catalog/sports';
import type { CardEvent } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Button } from '@/components/button';
import { CardFrame } from '@/components/card/card-frame';
import { TextAreaField } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { SignInPrompt } from '@/components/sign-in-required';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session-store';
import { useDecideCard } from '@/features/athlete-panel/api/decide-card';
import { useOwnerCards } from '@/features/athlete-panel/api/get-owner-cards';
import { Table } from '@/components/table/table';
import { Panel } from '@/components/panel';

export const CARDS_ERROR = 'Failed to load your cards. Please try again later.';

/** The card as fans will see it: the Drift frame around its art (the one card component,
 * components/card/card-frame.tsx), its price and description beside it. */
function CardPreview({ card, athlete }: { card: OwnerCard; athlete: AthleteProfileResponse['athlete'] }) {
  return (
    <div className="ap-preview">
      <CardFrame
        image={card.image}
        alt={`Card image of ${card.name}`}
        athleteName={athlete.name}
        meta={[athlete.number ? `#${athlete.number}` : '', athlete.position, sportLabel(athlete.sport)].filter(Boolean).join(' · ')}
        school={athlete.school}
        edition={card.edition ?? null}
        editionSize={card.editionSize ?? null}
        cardNumber={card.id}
      />
      <div className="ap-preview-body">
        <h3 className="entity-title">{card.name}</h3>
        <p className="ap-price">{formatUsd(card.priceCents)}</p>
        {card.description && <p className="entity-sub">{card.description}</p>}
      </div>
    </div>
  );
}

/** Beside the reason's own error, the server's words (its message for a refused reason too). */
const REJECT_TEXTS = { invalid: (error: unknown) => (error as ApiError).message };

function RejectDialog({
  card,
  busy,
  onReject,
  onCancel,
}: {
  card: OwnerCard;
  busy: boolean;
  onReject: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm({
    initial: { reason: '' },
    check: ({ reason }) => {
      const { errors } = validateReject({ reason });
      return { value: reason, errors };
    },
    send: (reason) => onReject(reason),
    texts: REJECT_TEXTS,
  });
  return (
    <ConfirmDialog
      title={`Reject ${card.name}`}
      confirmLabel={busy ? 'Rejecting...' : 'Reject card'}
      danger
      onConfirm={() => {
        if (!busy) void form.submit();
      }}
      onCancel={onCancel}
    >
      <p>The collective sees your reason and can change the card and submit it again.</p>
      <TextAreaField label="Reason" required rows={3} maxLength={500} {...form.field('reason')} />
      <FormOutcome error={form.error} />
    </ConfirmDialog>
  );
}

interface PendingProps {
  card: OwnerCard;
  athlete: AthleteProfileResponse['athlete'];
  athleteId: number;
  own: boolean;
  onReload: () => void;
  onDone: (message: string) => void;
}

function PendingCard({ card, athlete, athleteId, own, onReload, onDone }: PendingProps) {
  const decide = useDecideCard(athleteId);
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const approve = async () => {
    setError(null);
    try {
      await decide.trigger({ cardId: card.id, action: 'approve', imageHash: card.imageHash ?? '' });
      onDone(`Approved ${card.name}. The collective can now publish it.`);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'error', String(err)));
    }
  };
  const reject = async (reason: string): Promise<void> => {
    await decide.trigger({ cardId: card.id, action: 'reject', reason });
    setRejecting(false);
    onDone(`Rejected ${card.name}. The collective sees your reason.`);
  };

  const moves = actions(card, 'athlete');
  return (
    <li className="ap-pending">
      <CardPreview card={card} athlete={athlete} />
      <div className="ap-pending-actions">
        {own ? (
          <>
            {moves.includes('approve') && (
              <Button intent="primary" disabled={decide.isMutating} onClick={() => void approve()} aria-label={`Approve ${card.name}`}>
                Approve
              </Button>
            )}
            {moves.includes('reject') && (
              <Button intent="destructive" disabled={decide.isMutating} onClick={() => setRejecting(true)} aria-label={`Reject ${card.name}`}>
                Reject
              </Button>
            )}
          </>
        ) : (
          <SignInPrompt message="Sign in to approve or reject cards" />
        )}
        {error && (
          <ErrorBox
            message={error.status === 409 ? `${error.message} Reload the card to see its current image, then decide again.` : error.message}
            retryLabel={error.status === 409 ? 'Reload' : 'Try Again'}
            onRetry={error.status === 409 ? onReload : () => void approve()}
          />
        )}
      </div>
      {rejecting && <RejectDialog card={card} busy={decide.isMutating} onReject={reject} onCancel={() => setRejecting(false)} />}
    </li>
  );
}

const lastDecision = (card: OwnerCard): CardEvent | undefined =>
  [...(card.history ?? [])].reverse().find((e) => e.action === 'approved' || e.action === 'rejected');

function Decided({ cards }: { cards: OwnerCard[] }) {
  const session = useSession();
  const who = (by: string) => (session && by === session.claims.sub ? 'you' : by === 'seed' ? 'the sample data' : by);
  return (
    <Table
      caption="Cards you decided on, newest first"
      rows={cards}
      rowKey={(card) => card.id}
      empty="No decisions yet."
      columns={[
        { header: 'Card', rowHeader: true, cell: (card) => card.name },
        {
          header: 'Decision',
          cell: (card) => {
            const event = lastDecision(card)!;
            return (
              <>
                {event.action === 'approved' ? 'Approved' : 'Rejected'}
                {event.reason ? <span className="muted small"> · {event.reason}</span> : null}
              </>
            );
          },
        },
        { header: 'By', cell: (card) => who(lastDecision(card)!.by) },
        { header: 'When', cell: (card) => <DateText iso={lastDecision(card)!.at} /> },
        { header: 'Now', cell: (card) => stateLabel(shownState(card, card.sale?.soldOut)) },
      ]}
    />
  );
}

export default function ApprovalsTab({ profile, own }: { profile: AthleteProfileResponse; own: boolean }) {
  const athleteId = profile.athlete.id;
  const { data, error, mutate } = useOwnerCards(athleteId, own);
  const [notice, setNotice] = useState<string | null>(null);
  if (error) return <ErrorBox message={error instanceof ApiError && error.status === 403 ? error.message : CARDS_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading cards to approve..." />;
  const pending = data.cards.filter(awaitsApproval);
  const decided = data.cards.filter((c) => !awaitsApproval(c) && lastDecision(c)).sort((a, b) => lastDecision(b)!.at.localeCompare(lastDecision(a)!.at));
  return (
    <>
      <Panel id="approvals-title" title="Approvals">
        <p className="hint">Nothing goes on sale before you approve its exact image. Each card is shown as fans will see it.</p>
        <FormOutcome success={notice} />
        {pending.length === 0 ? (
          <p className="muted">No cards waiting for your approval.</p>
        ) : (
          <ul className="ap-pending-list" aria-label="Cards waiting for your approval">
            {pending.map((card) => (
              <PendingCard
                key={`${card.id}-${card.imageHash}`}
                card={card}
                athlete={profile.athlete}
                athleteId={athleteId}
                own={own}
                onReload={() => void mutate()}
                onDone={setNotice}
              />
            ))}
          </ul>
        )}
      </Panel>
      <Panel id="decided-title" title="Decided">
        <Decided cards={decided} />
      </Panel>
    </>
  );
}
