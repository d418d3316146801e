// The collective's compliance settings (issue 23), settings its compliance officer and tax adviser
// confirm: its payor group (collectives under common ownership that enter the same name count as one
// payor for NIL Go), the form allocated donations are reported on (card royalties are always
// 1099-MISC box 2), and its school's own days to disclose a deal where the state leaves the timing to
// the school (the disclosure record's school-policy clock), and whether payouts waiting for an
// athlete's payout account are sent as soon as the athlete links one (else with the next Pay now).
import { complianceSettingsErrors, type ComplianceSettingsRequest, type ComplianceSettingsView } from '@shared/money/compliance-api';
import { ErrorBox } from '@/components/error-box';
import { CheckField, InputField, SelectField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { DateText } from '@/components/date-text';
import { useComplianceSettings, useSaveComplianceSettings } from '@/features/collective-panel/api/compliance';
import { LOAD_ERROR, PAYOUT_TEXTS } from '@/features/collective-panel/config';

interface Values {
  payorGroup: string;
  allocationForm: string;
  schoolPolicyDays: string;
  payWhenLinked: boolean;
}

const valuesOf = (s: ComplianceSettingsView): Values => ({
  payorGroup: s.payorGroup ?? '',
  allocationForm: s.allocationForm,
  schoolPolicyDays: s.schoolPolicyDays === null ? '' : String(s.schoolPolicyDays),
  payWhenLinked: s.payWhenLinked,
});

function SettingsForm({ collectiveId, settings }: { collectiveId: number; settings: ComplianceSettingsView }) {
  const save = useSaveComplianceSettings(collectiveId);
  const form = useForm({
    initial: valuesOf(settings),
    check: (values: Values) =>
      complianceSettingsErrors({ ...values, schoolPolicyDays: values.schoolPolicyDays.trim() }) as {
        value: ComplianceSettingsRequest;
        errors: Record<string, string>;
      },
    send: (body) => save.trigger(body),
    onSuccess: () => 'Compliance settings saved.',
    texts: PAYOUT_TEXTS,
  });
  return (
    <Form form={form} aria-label="Compliance settings">
      <div className="dash-form">
        <InputField
          label="Payor group (common ownership)"
          hint="Collectives owned by the same organisation enter the same name here and count as one payor for NIL Go. Leave empty if none."
          maxLength={80}
          {...form.field('payorGroup')}
        />
        <SelectField
          label="Allocated donations (before activations) are reported on"
          options={[
            { value: 'misc3', label: '1099-MISC box 3 (other income)' },
            { value: 'nec', label: '1099-NEC box 1 (nonemployee compensation)' },
          ]}
          hint="Card royalties are always 1099-MISC box 2, activations 1099-NEC box 1. Confirm this with your tax adviser."
          {...form.field('allocationForm')}
        />
        <InputField
          label="School's days to disclose a deal"
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
          hint="Where the state leaves the timing to the school: business days after the athlete approves a card. Empty: no date is shown."
          {...form.field('schoolPolicyDays')}
        />
        <CheckField label="Pay waiting payouts as soon as the athlete links a payout account" {...form.field('payWhenLinked')} />
        <p className="hint">
          Off: a payout waiting for an athlete’s payout account is sent with your next Pay now. On: it is sent through Stripe as soon as the athlete’s account
          can take payouts. The athlete’s Payouts tab says which.
        </p>
      </div>
      <FormEnd form={form} busy="Saving...">
        Save compliance settings
      </FormEnd>
    </Form>
  );
}

export function ComplianceSettings({ collectiveId }: { collectiveId: number }) {
  const { data, error, mutate } = useComplianceSettings();
  return (
    <Panel id="compliance-settings-title" title="Compliance settings">
      {error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void mutate()} retryLabel="Retry" />
      ) : !data ? (
        <Spinner label="Loading the compliance settings..." />
      ) : (
        <>
          {data.updatedAt ? (
            <p className="hint">
              Last saved <DateText iso={data.updatedAt} />.
            </p>
          ) : null}
          <SettingsForm key={data.updatedAt ?? 'new'} collectiveId={collectiveId} settings={data} />
        </>
      )}
    </Panel>
  );
}
