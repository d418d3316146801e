// The form kit (web/src/components/form): one mapping from a failure to field errors and a form
// message, one idempotency key per submission (kept for its retries), the first invalid field
// focused, the money field's cents.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describeFailure, SOMETHING_WENT_WRONG } from '@/components/form/form-errors';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { centsOf, dollarsText, MoneyField } from '@/components/form/money-field';
import { useForm } from '@/components/form/use-form-submit';
import { ApiError } from '@/lib/api-client';

describe('describeFailure', () => {
  const invalid = new ApiError(400, 'validation', 'Invalid', {
    name: 'Name is required',
    period: 'Nothing to pay',
    'allocations[0].amountCents': 'must be positive',
  });

  it('puts field errors on the fields the form shows and the others in the message', () => {
    expect(describeFailure(invalid, {}, { fields: ['name', 'amount'], serverFields: { 'allocations[0].amountCents': 'amount' } })).toEqual({
      fields: { name: 'Name is required', amount: 'must be positive' },
      message: 'Nothing to pay',
    });
    expect(describeFailure(invalid, {}, { fields: [] })).toEqual({
      fields: {},
      message: 'Name is required Nothing to pay allocations[0].amountCents: must be positive',
    });
    // Without a list of fields every error goes to its field.
    expect(describeFailure(invalid).fields).toHaveProperty('period', 'Nothing to pay');
    expect(describeFailure(invalid, { invalid: 'Check the fields marked.' }, { fields: ['name'] }).message).toBe('Check the fields marked.');
  });

  it.each([
    [0, 'network', 'Offline'],
    [401, 'unauthorized', 'Sign in first'],
    [403, 'forbidden', 'Not yours'],
    [409, 'conflict', 'Changed meanwhile'],
    [503, 'server', 'Down'],
  ] as const)('says the form’s words for %s, the server’s otherwise', (status, text, words) => {
    const error = new ApiError(status, 'x', 'The server says so');
    expect(describeFailure(error, { [text]: words }).message).toBe(words);
    expect(describeFailure(error).message).toBe('The server says so');
  });

  it('words a failure that is not the API’s, and one text for every failure when the form has one', () => {
    expect(describeFailure(new Error('boom')).message).toBe(SOMETHING_WENT_WRONG);
    expect(describeFailure(new Error('boom'), { other: (e) => `Failed: ${(e as Error).message}` }).message).toBe('Failed: boom');
    expect(describeFailure(invalid, { failed: 'Sorry.' }, { fields: ['name'] })).toEqual({ fields: { name: 'Name is required' }, message: 'Sorry.' });
  });
});

describe('useForm', () => {
  function NameForm({ send }: { send: (name: string, key: string) => Promise<string> }) {
    const form = useForm({
      initial: { name: '', city: '' },
      check: (values) => ({
        value: values.name.trim(),
        errors: { name: values.name.trim() ? undefined : 'Name is required', city: values.city ? undefined : 'City is required' },
      }),
      send: (name, { idempotencyKey }) => send(name, idempotencyKey),
      onSuccess: (saved) => `Saved ${saved}.`,
    });
    return (
      <Form form={form} aria-label="Who">
        <InputField label="Name" {...form.field('name')} />
        <InputField label="City" {...form.field('city')} />
        <FormOutcome success={form.success} error={form.error} />
        <SubmitButton form={form} busy="Saving...">
          Save
        </SubmitButton>
      </Form>
    );
  }

  it('stops on the validator’s errors, names them on their fields and focuses the first', async () => {
    const send = jest.fn(async (name: string) => name);
    render(<NameForm send={send} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('City')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps one key for a submission’s retries and makes a new one for the next submission', async () => {
    let fail = true;
    const send = jest.fn(async (name: string) => {
      if (fail) throw new ApiError(503, 'unavailable', 'Please retry in a moment');
      return name;
    });
    render(<NameForm send={send} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'London' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please retry in a moment');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved Ada.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    const keys = send.mock.calls.map((c) => (c as unknown as [string, string])[1]);
    expect(keys[0]).toMatch(/^[\w:.-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    await screen.findByRole('status');
  });

  it('makes a new key when the request changed after a failure', async () => {
    const send = jest.fn(async () => {
      throw new ApiError(503, 'unavailable', 'Down');
    });
    render(<NameForm send={send} />);
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'London' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    const [first, second] = send.mock.calls.map((c) => (c as unknown as [string, string])[1]);
    expect(second).not.toBe(first);
    await screen.findByRole('alert');
  });
});

describe('MoneyField', () => {
  it('reads dollars as cents and shows cents as dollars to edit', () => {
    expect([centsOf('25'), centsOf('$1,250.50'), centsOf(' '), centsOf('1.234'), centsOf('-5')]).toEqual([2500, 125050, undefined, null, null]);
    expect([dollarsText(2500), dollarsText(5), dollarsText(null)]).toEqual(['25.00', '0.05', '']);
  });

  it('is a labelled decimal input', () => {
    const onValue = jest.fn();
    render(<MoneyField label="Price (USD)" value="" onValue={onValue} error="Enter a price like 25.00" />);
    const input = screen.getByLabelText('Price (USD)');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAccessibleDescription('Enter a price like 25.00');
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(onValue).toHaveBeenCalledWith('12.5');
  });
});
