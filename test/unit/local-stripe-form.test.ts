// The Stripe stand-in's reading of form bodies (scripts/local/stripe/form.ts): nested brackets as
// Stripe parses them, and parameter errors named as Stripe names them.
import { ParamReader, StripeFailure, parseForm } from '../../scripts/local/stripe/form';

const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof StripeFailure) return { status: error.status, ...error.error };
    throw error;
  }
  throw new Error('no failure');
};

describe('parseForm', () => {
  it('reads nested objects, indexed and appended arrays, and keeps metadata keys as they are', () => {
    const body =
      'mode=payment&line_items[0][quantity]=2&line_items[0][price_data][product_data][name]=Gold%20%26%20more&line_items[1][quantity]=1' +
      '&expand[]=subscription&expand[]=line_items&types[0]=a&types[1]=b&metadata[0]=zero&metadata[tier]=gold&capabilities[transfers][requested]=true&note=a+b';
    expect(parseForm(body)).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '2', price_data: { product_data: { name: 'Gold & more' } } }, { quantity: '1' }],
      expand: ['subscription', 'line_items'],
      types: ['a', 'b'],
      metadata: { '0': 'zero', tier: 'gold' },
      capabilities: { transfers: { requested: 'true' } },
      note: 'a b',
    });
  });

  it('refuses a value that is both a string and a hash', () => {
    expect(failure(() => parseForm('a=1&a[b]=2'))).toMatchObject({ status: 400, code: 'parameter_invalid_hash', param: 'a' });
  });
});

describe('ParamReader', () => {
  it("names missing, unknown and invalid parameters with their full path, as Stripe's errors do", () => {
    const params = parseForm('line_items[0][price_data][unit_amount]=ten&amount=5&colour=red');
    const reader = new ParamReader(params);
    const item = reader.list('line_items')[0];
    expect(failure(() => item.obj('price_data')!.int('unit_amount'))).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'line_items[0][price_data][unit_amount]',
    });
    expect(failure(() => item.str('quantity', { required: true }))).toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][quantity]',
      message: 'Missing required param: line_items[0][quantity].',
      doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
    });
    expect(reader.int('amount', { min: 1 })).toBe(5);
    expect(failure(() => reader.done())).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  });

  it('checks metadata, currencies and URLs', () => {
    const reader = new ParamReader(parseForm(`metadata[${'k'.repeat(41)}]=v&currency=EUR&success_url=javascript:alert(1)`));
    expect(failure(() => reader.metadata())).toMatchObject({ param: `metadata[${'k'.repeat(41)}]` });
    expect(failure(() => reader.currency('currency'))).toMatchObject({ param: 'currency' });
    expect(failure(() => reader.url('success_url'))).toMatchObject({ code: 'url_invalid', param: 'success_url' });
    expect(new ParamReader(parseForm('u=http%3A%2F%2Fx.test%2F%3Fs%3D%7BCHECKOUT_SESSION_ID%7D')).url('u')).toBe('http://x.test/?s={CHECKOUT_SESSION_ID}');
  });
});
