// A collective's public support page (/support/:id, linked from its school page): its pitch, the
// monthly membership tiers it offers (name, amount, perk) and a one-time gift, the donor's name or
// Anonymous, an organisation's gift, a comment. "Continue to payment" sends the donor to Stripe's
// hosted Checkout on the collective's own Stripe account; Stripe sends the donor back here with
// ?checkout={session}, and the page shows the thank-you (what was bought, the receipt on its way,
// "Manage membership" for a member) instead of the form until the donor chooses "Give again" (or
// that nothing was charged). Beside it: the goal's progress, the number of supporters and the wall
// of named supporters. A collective that has not linked Stripe shows that it is not taking
// donations yet, without a form. The donor's email is asked for by Stripe only, and never shown here.
import { useSearchParams, useParams, Link } from 'react-router-dom';
import { useState } from 'react';
import type { GiveKind, GiveRequest, GiveResponse, PublicTier, SupportPageResponse } from '@shared/payments/support-api';
import { COMMENT_MAX, DONOR_NAME_MAX, GIFT_PRESETS_CENTS, percentText, tierLabel, validateGive } from '@shared/payments/support-api';
import { formatUsd } from '@shared/platform/money';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { CheckField, FieldError, InputField, TextAreaField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { MoneyField, centsOf, dollarsText } from '@/components/form/money-field';
import { useForm } from '@/components/form/use-form-submit';
import { PageSpinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { parseId } from '@/lib/catalog';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/features/support/components/support.css';
import { MANAGE_NOTICES, NotPaid, Progress, ThankYou, Wall } from '@/features/support/components/support-outcomes';
import { SUPPORT_ERROR, goToCheckout, startCheckout, useCheckoutResult, useSupportPage } from '@/features/support/api/support';

const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

interface GiveValues {
  kind: GiveKind;
  tierId: string;
  /** The gift's amount as typed (dollars). */
  amount: string;
  donorName: string;
  anonymous: boolean;
  organization: boolean;
  comment: string;
}

function TierChoice({ tiers, value, onValue, error }: { tiers: PublicTier[]; value: string; onValue: (id: string) => void; error?: string }) {
  return (
    <fieldset className="support-choices" aria-describedby={error ? 'tier-error' : undefined}>
      <legend>Membership tier</legend>
      {tiers.map((tier) => (
        <label key={tier.id} className={`support-choice${value === tier.id ? ' active' : ''}`}>
          <input
            type="radio"
            name="tierId"
            value={tier.id}
            checked={value === tier.id}
            onChange={() => onValue(tier.id)}
            aria-invalid={error ? true : undefined}
          />
          <span>
            <strong>{tierLabel(tier)}</strong>
            {tier.perk && <span className="support-perk">{tier.perk}</span>}
          </span>
        </label>
      ))}
      <FieldError id="tier-error" error={error} />
    </fieldset>
  );
}

function GiveForm({ page, onCheckout }: { page: SupportPageResponse; onCheckout: (url: string) => void }) {
  const canJoin = page.tiers.length > 0;
  const form = useForm<GiveValues, GiveRequest, GiveResponse>({
    initial: {
      kind: canJoin ? 'membership' : 'gift',
      tierId: page.tiers[0]?.id ?? '',
      amount: dollarsText(GIFT_PRESETS_CENTS[1]),
      donorName: '',
      anonymous: false,
      organization: false,
      comment: '',
    },
    check: (v) => {
      const cents = v.kind === 'gift' ? centsOf(v.amount) : undefined;
      const checked = validateGive(
        {
          kind: v.kind,
          ...(v.kind === 'membership' ? { tierId: v.tierId } : { amountCents: cents ?? undefined }),
          donorName: v.donorName,
          anonymous: v.anonymous,
          organization: v.organization,
          comment: v.comment,
        },
        page,
      );
      const errors: Record<string, string> = { ...checked.errors };
      if (v.kind === 'gift' && cents === null) errors.amountCents = 'Amount must be an amount in dollars and cents, like 25 or 25.50';
      return { value: checked.value, errors };
    },
    send: (request, { idempotencyKey }) => startCheckout(page.collectiveId, request, idempotencyKey),
    onSuccess: (answer) => {
      onCheckout(answer.url);
      return 'Taking you to the secure payment page...';
    },
    fields: ['kind', 'tierId', 'amountCents', 'donorName', 'comment'],
  });
  const v = form.values;
  const chosen = page.tiers.find((t) => t.id === v.tierId);
  const cents = centsOf(v.amount);
  const total = v.kind === 'membership' ? (chosen ? `${formatUsd(chosen.amountCents)} a month` : null) : cents ? formatUsd(cents) : null;

  return (
    <Form form={form} className="panel support-form" aria-label="Give">
      {canJoin && page.giftsEnabled && (
        <fieldset className="support-kinds">
          <legend>How would you like to give?</legend>
          <label className="check">
            <input type="radio" name="kind" checked={v.kind === 'membership'} onChange={() => form.set('kind')('membership')} />
            Monthly membership
          </label>
          <label className="check">
            <input type="radio" name="kind" checked={v.kind === 'gift'} onChange={() => form.set('kind')('gift')} />
            One-time gift
          </label>
        </fieldset>
      )}
      {v.kind === 'membership' ? (
        <TierChoice tiers={page.tiers} value={v.tierId} onValue={form.set('tierId')} error={form.errors.tierId} />
      ) : (
        <>
          <div className="chip-row" role="group" aria-label="Preset amounts">
            {GIFT_PRESETS_CENTS.map((preset) => (
              <button
                key={preset}
                type="button"
                className={`chip${cents === preset ? ' active' : ''}`}
                aria-pressed={cents === preset}
                onClick={() => form.set('amount')(dollarsText(preset))}
              >
                {formatUsd(preset)}
              </button>
            ))}
          </div>
          <MoneyField label="Gift amount ($)" value={v.amount} onValue={form.set('amount')} error={form.errors.amountCents} required />
        </>
      )}
      <InputField
        label="Your name"
        hint="Shown with your gift on the collective's page"
        value={v.donorName}
        onValue={form.set('donorName')}
        error={form.errors.donorName}
        maxLength={DONOR_NAME_MAX}
        autoComplete="name"
        disabled={v.anonymous}
        required={!v.anonymous}
      />
      <CheckField label="Give anonymously (your name is shown as Anonymous)" value={v.anonymous} onValue={form.set('anonymous')} />
      {!v.anonymous && <CheckField label="I am giving for an organization" value={v.organization} onValue={form.set('organization')} />}
      <TextAreaField
        label="Comment (optional)"
        hint={`Shown publicly with your gift; at most ${COMMENT_MAX} characters`}
        {...form.field('comment')}
        maxLength={COMMENT_MAX}
        rows={3}
      />
      {page.feeBasisPoints > 0 && (
        <p className="small muted">Drift keeps a platform fee of {percentText(page.feeBasisPoints)}; the rest goes to the collective.</p>
      )}
      <FormOutcome error={form.error} success={form.success} />
      <SubmitButton form={form} busy="Opening the payment page...">
        {total ? `Continue to payment · ${total}` : 'Continue to payment'}
      </SubmitButton>
      <p className="small muted">You pay on Stripe&apos;s secure page. Stripe asks for your email; Drift never stores or shows it.</p>
    </Form>
  );
}

export function SupportPage({ onCheckout = goToCheckout }: { onCheckout?: (url: string) => void }) {
  const { id } = useParams();
  const collectiveId = parseId(id);
  const [search] = useSearchParams();
  const { data, error, mutate } = useSupportPage(collectiveId);
  const sessionId = search.get('checkout');
  const returned = sessionId && CHECKOUT_ID.test(sessionId) ? sessionId : null;
  const result = useCheckoutResult(returned ? collectiveId : null, returned);
  const [givingAgain, setGivingAgain] = useState(false);
  useDocumentTitle(data ? `Support ${data.collectiveName}` : 'Support');
  if (collectiveId === null || (error instanceof ApiError && error.status === 404))
    return (
      <div className="page container">
        <h1 className="page-title">No such collective</h1>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </div>
    );
  if (error) return <ErrorBox message={SUPPORT_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <PageSpinner label="Loading the support page..." />;
  const paid = result.data?.status === 'complete';
  const manageNotice = MANAGE_NOTICES[search.get('manage') ?? ''];

  return (
    <div className="page container support-page">
      <header className="support-header">
        {data.school && <FallbackImage className="support-logo" src={data.school.logo} alt={`${data.school.name} logo`} width={72} height={72} />}
        <div>
          <h1 className="page-title">Support {data.collectiveName}</h1>
          {data.school && (
            <p className="muted">
              The collective of <Link to={paths.school.getHref(data.school.id)}>{data.school.name}</Link>
            </p>
          )}
        </div>
      </header>
      {data.pitch && <p className="lead support-pitch">{data.pitch}</p>}
      <Progress page={data} />
      {manageNotice && (
        <p className="form-error" role="alert">
          {manageNotice}
        </p>
      )}
      {returned && result.error && <p className="form-error">We could not check that payment just now. Reload the page to try again.</p>}
      {returned && !result.data && !result.error && <p className="muted">Checking your payment...</p>}
      {result.data &&
        (paid ? (
          <ThankYou result={result.data} collectiveName={data.collectiveName} onGiveAgain={() => setGivingAgain(true)} />
        ) : (
          <NotPaid result={result.data} />
        ))}
      {search.get('cancelled') && !returned && <p className="form-error">You left the payment page: nothing was charged.</p>}
      {paid && !givingAgain ? null : data.open ? (
        <GiveForm page={data} onCheckout={onCheckout} />
      ) : (
        <section className="panel" aria-labelledby="support-closed">
          <h2 id="support-closed" className="panel-title">
            Not taking donations yet
          </h2>
          <p>
            {data.closedBecause === 'nothing_offered'
              ? `${data.collectiveName} is not offering gifts or memberships here at the moment.`
              : data.closedBecause === 'payments_unavailable'
                ? 'Payments are not available on this site right now. Please check back soon.'
                : `${data.collectiveName} has not finished setting up its payment account, so it cannot take gifts or memberships here yet. Please check back soon.`}
          </p>
        </section>
      )}
      {data.open && !paid && data.tiers.length > 0 && (
        <p className="small muted">Already a member? Open &quot;Manage membership&quot; from your latest receipt email to change your tier, card or cancel.</p>
      )}
      <Wall wall={data.wall} />
    </div>
  );
}

export default SupportPage;
