// Support Page settings: what the collective's public support page (/support/{id}) offers. A pitch,
// monthly membership tiers (name, monthly amount, perk; a tier is retired, never deleted, so its
// members keep their membership), one-time gifts on or off, the platform fee, the name and tax
// status receipts are issued with, and a goal with its progress bar. It also says
// whether the collective's Stripe account takes payments yet (the page stays closed until it does)
// and how many members each tier has. The shared validator (shared/payments/support-api.ts) checks
// the form before it sends and the server on receipt; a save made from an older version is refused.
import { Link } from 'react-router-dom';
import type { SupportSettings, SupportSettingsRequest, SupportSettingsResponse } from '@shared/payments/support-api';
import {
  GOAL_LABEL_MAX,
  LEGAL_NAME_MAX,
  MAX_ACTIVE_TIERS,
  MAX_TIERS,
  PERK_MAX,
  PITCH_MAX,
  TIER_NAME_MAX,
  parsePercent,
  percentText,
  validateSupportSettings,
} from '@shared/payments/support-api';
import { CheckField, InputField, TextAreaField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { MoneyField, centsOf, dollarsText } from '@/components/form/money-field';
import { useForm } from '@/components/form/use-form-submit';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useSaveSupportSettings, useSupportSettings } from '@/features/collective-panel/api/support-settings';
import { WRITE_TEXTS } from '@/features/collective-panel/config';
import '@/features/collective-panel/components/settings/support-settings.css';

interface TierRow {
  /** A stable key for the row (the tier's id, or a new row's). */
  key: string;
  id: string | null;
  name: string;
  /** The monthly amount as typed (dollars). */
  amount: string;
  perk: string;
  retired: boolean;
}

interface Values {
  pitch: string;
  giftsEnabled: boolean;
  /** The platform fee as typed ('0', '2.5'). */
  fee: string;
  legalName: string;
  taxDeductible: boolean;
  /** The goal as typed (dollars; empty: no goal). */
  goalAmount: string;
  goalLabel: string;
  goalPeriod: 'all' | 'month';
  tiers: TierRow[];
}

let newRows = 0;

const valuesOf = (s: SupportSettings): Values => ({
  pitch: s.pitch,
  giftsEnabled: s.giftsEnabled,
  fee: String(s.feeBasisPoints / 100),
  legalName: s.legalName,
  taxDeductible: s.taxDeductible,
  goalAmount: s.goal ? dollarsText(s.goal.amountCents) : '',
  goalLabel: s.goal?.label ?? '',
  goalPeriod: s.goal?.period ?? 'all',
  tiers: s.tiers.map((t) => ({ key: t.id, id: t.id, name: t.name, amount: dollarsText(t.amountCents), perk: t.perk, retired: t.retired })),
});

/** Every field the form shows errors on (the tiers' by row). */
const FIELDS = [
  'pitch',
  'feeBasisPoints',
  'legalName',
  'goal.amountCents',
  'goal.label',
  'goal.period',
  'tiers',
  ...Array.from({ length: MAX_TIERS + 1 }, (_, i) => ['name', 'amountCents', 'perk'].map((f) => `tiers.${i}.${f}`)).flat(),
];

function AccountStatus({ answer }: { answer: SupportSettingsResponse }) {
  if (answer.account.chargesEnabled)
    return (
      <p className="form-success">
        Your Stripe account takes payments: the page is open. <Link to={paths.support.getHref(answer.collectiveId)}>Open your support page</Link>
      </p>
    );
  return (
    <p className="form-error">
      {answer.account.linked
        ? 'Your Stripe account does not take card payments yet: finish its onboarding on Stripe. Until then your support page says it is not taking donations.'
        : 'Link your Stripe account first: until then your support page says it is not taking donations. You can set up the page meanwhile.'}{' '}
      <Link to={paths.support.getHref(answer.collectiveId)}>See your support page</Link>
    </p>
  );
}

function SettingsForm({ answer }: { answer: SupportSettingsResponse }) {
  const save = useSaveSupportSettings(answer.collectiveId);
  const current = answer.settings;
  const form = useForm<Values, SupportSettingsRequest, SupportSettingsResponse>({
    initial: () => valuesOf(current),
    check: (v) => {
      const fee = parsePercent(v.fee);
      const cents = v.tiers.map((t) => centsOf(t.amount));
      const hasGoal = v.goalAmount.trim() !== '' || v.goalLabel.trim() !== '';
      const goalCents = centsOf(v.goalAmount);
      const checked = validateSupportSettings(
        {
          pitch: v.pitch,
          giftsEnabled: v.giftsEnabled,
          feeBasisPoints: fee ?? -1,
          legalName: v.legalName,
          taxDeductible: v.taxDeductible,
          goal: hasGoal ? { amountCents: goalCents ?? 0, label: v.goalLabel, period: v.goalPeriod } : null,
          version: current.version,
          tiers: v.tiers.map((t, i) => ({ id: t.id, name: t.name, amountCents: cents[i] ?? undefined, perk: t.perk, retired: t.retired })),
        },
        current.tiers,
      );
      const errors: Record<string, string> = { ...checked.errors };
      if (hasGoal && goalCents === null) errors['goal.amountCents'] = 'Goal must be an amount in dollars, like 5000';
      cents.forEach((c, i) => {
        if (c === null) errors[`tiers.${i}.amountCents`] = 'Monthly amount must be an amount in dollars and cents, like 10 or 9.99';
      });
      return { value: checked.value, errors };
    },
    send: (request) => save.trigger(request),
    onSuccess: (saved) => {
      form.setValues(() => valuesOf(saved.settings));
      return 'Support page saved.';
    },
    texts: WRITE_TEXTS,
    fields: FIELDS,
  });
  const v = form.values;
  const setTier = (index: number, change: Partial<TierRow>) =>
    form.setValues((values) => ({ ...values, tiers: values.tiers.map((t, i) => (i === index ? { ...t, ...change } : t)) }));
  const offered = v.tiers.filter((t) => !t.retired).length;
  const addTier = () =>
    form.setValues((values) => ({
      ...values,
      tiers: [...values.tiers, { key: `new-${++newRows}`, id: null, name: '', amount: '', perk: '', retired: false }],
    }));
  const removeNew = (index: number) => form.setValues((values) => ({ ...values, tiers: values.tiers.filter((_, i) => i !== index) }));

  return (
    <Form form={form} className="panel" aria-label="Support Page">
      <h3 className="panel-title">Support Page</h3>
      <AccountStatus answer={answer} />
      <TextAreaField
        label="Pitch"
        hint={`What your donors read first; at most ${PITCH_MAX} characters`}
        {...form.field('pitch')}
        maxLength={PITCH_MAX}
        rows={3}
      />
      <CheckField label="Take one-time gifts (any amount from $1.00)" value={v.giftsEnabled} onValue={form.set('giftsEnabled')} />
      <InputField
        label="Platform fee (%)"
        hint={`Kept by Drift from each payment, at most ${percentText(1000)}; 0 keeps nothing`}
        value={v.fee}
        onValue={form.set('fee')}
        error={form.errors.feeBasisPoints}
        inputMode="decimal"
        autoComplete="off"
      />
      <h4>Receipts</h4>
      <InputField
        label="Legal name on receipts"
        hint="The name donors' receipts are issued in; empty uses your collective's name"
        value={v.legalName}
        onValue={form.set('legalName')}
        error={form.errors.legalName}
        maxLength={LEGAL_NAME_MAX}
        autoComplete="organization"
      />
      <CheckField
        label="Payments to us are tax-deductible (we are a 501(c)(3)): receipts say so. Off: receipts say payments are not deductible, as the IRS requires."
        value={v.taxDeductible}
        onValue={form.set('taxDeductible')}
      />
      <h4>Goal</h4>
      <div className="support-tier-grid">
        <InputField
          label="Goal label"
          hint="Shown above the progress bar, e.g. Summer training camp; leave the goal empty for none"
          value={v.goalLabel}
          onValue={form.set('goalLabel')}
          error={form.errors['goal.label']}
          maxLength={GOAL_LABEL_MAX}
        />
        <MoneyField label="Goal amount ($)" value={v.goalAmount} onValue={form.set('goalAmount')} error={form.errors['goal.amountCents']} />
      </div>
      <fieldset className="support-goal-period">
        <legend>The progress counts</legend>
        <label className="check">
          <input type="radio" name="goalPeriod" checked={v.goalPeriod === 'all'} onChange={() => form.set('goalPeriod')('all')} />
          All donations
        </label>
        <label className="check">
          <input type="radio" name="goalPeriod" checked={v.goalPeriod === 'month'} onChange={() => form.set('goalPeriod')('month')} />
          This month&apos;s donations
        </label>
      </fieldset>
      <h4>Monthly membership tiers</h4>
      {v.tiers.length === 0 && <p className="muted">No tiers yet: donors can give one-time gifts only.</p>}
      {v.tiers.map((tier, i) => {
        const members = tier.id ? (answer.activeMembers[tier.id] ?? 0) : 0;
        return (
          <fieldset key={tier.key} className="support-tier">
            <legend>
              {tier.id ? `Tier ${i + 1}` : `New tier ${i + 1}`}
              {tier.id ? ` · ${members} active member${members === 1 ? '' : 's'}` : ''}
              {tier.retired ? ' · retired' : ''}
            </legend>
            <div className="support-tier-grid">
              <InputField
                label="Name"
                value={tier.name}
                onValue={(name) => setTier(i, { name })}
                error={form.errors[`tiers.${i}.name`]}
                maxLength={TIER_NAME_MAX}
                required
              />
              <MoneyField
                label="Monthly amount ($)"
                value={tier.amount}
                onValue={(amount) => setTier(i, { amount })}
                error={form.errors[`tiers.${i}.amountCents`]}
                required
              />
            </div>
            <TextAreaField
              label="Perk"
              hint="What members get, e.g. a signed poster"
              value={tier.perk}
              onValue={(perk) => setTier(i, { perk })}
              error={form.errors[`tiers.${i}.perk`]}
              maxLength={PERK_MAX}
              rows={2}
            />
            {tier.id ? (
              <CheckField
                label="Retired: not offered to new members (current members keep paying until they cancel)"
                value={tier.retired}
                onValue={(retired) => setTier(i, { retired })}
              />
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => removeNew(i)}>
                Remove this new tier
              </button>
            )}
          </fieldset>
        );
      })}
      {form.errors.tiers && (
        <p className="field-error" role="alert">
          {form.errors.tiers}
        </p>
      )}
      <p>
        <button type="button" className="btn btn-outline btn-sm" onClick={addTier} disabled={offered >= MAX_ACTIVE_TIERS || v.tiers.length >= MAX_TIERS}>
          Add a tier
        </button>
      </p>
      <p className="small muted">A new amount applies to new members; current members keep the amount they joined at.</p>
      <FormOutcome error={form.error} success={form.success} />
      <SubmitButton form={form} busy="Saving...">
        Save Support Page
      </SubmitButton>
    </Form>
  );
}

export function SupportSettingsForm({ collectiveId }: { collectiveId: number }) {
  const { data, error, mutate } = useSupportSettings(collectiveId);
  if (error) return <ErrorBox message="Failed to load the support page settings. Please try again later." onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading the support page settings..." />;
  return <SettingsForm answer={data} />;
}
