// The open routes' authorizer: only requests carrying CloudFront's origin secret get through; the
// secret is read once and re-read (at most once a minute) when an unknown value shows up, so a
// rotation (current + previous accepted) works without a cold start.
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { acceptedValues, isAccepted, ORIGIN_VERIFY_HEADER } from '#lambdas/platform/origin-verify';
import type * as OriginVerify from '#lambdas/platform/origin-verify.handler';

const getSecretString = jest.fn<Promise<string>, [string]>();
jest.mock('#lambdas/platform/aws-lite', () => ({ getSecretString: (id: string) => getSecretString(id) }));

const OLD = 'o'.repeat(48);
const NEW = 'n'.repeat(48);

const event = (value?: string) =>
  ({
    type: 'REQUEST',
    routeKey: 'GET /api/catalog',
    headers: value === undefined ? {} : { [ORIGIN_VERIFY_HEADER]: value },
  }) as unknown as APIGatewayRequestAuthorizerEventV2;

async function freshHandler() {
  let handler!: typeof OriginVerify.handler;
  await jest.isolateModulesAsync(async () => {
    ({ handler } = await import('#lambdas/platform/origin-verify.handler'));
  });
  return handler;
}

describe('origin secret', () => {
  it('accepts current and previous values of at least 32 characters, nothing from a broken secret', () => {
    expect(acceptedValues(JSON.stringify({ current: NEW, previous: OLD }))).toEqual([NEW, OLD]);
    expect(acceptedValues(JSON.stringify({ current: 'short' }))).toEqual([]);
    expect(acceptedValues('not json')).toEqual([]);
    expect(acceptedValues('null')).toEqual([]);
    expect(isAccepted(NEW, [NEW, OLD])).toBe(true);
    expect(isAccepted(`${NEW}x`, [NEW])).toBe(false);
    expect(isAccepted(undefined, [NEW])).toBe(false);
    expect(isAccepted('', [''])).toBe(false);
  });
});

describe('origin-verify authorizer', () => {
  beforeEach(() => {
    getSecretString.mockReset();
    process.env.ORIGIN_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-AbCdEf';
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('authorizes the current value and refuses others, reading the secret once', async () => {
    // Prepare
    getSecretString.mockResolvedValue(JSON.stringify({ current: NEW }));
    const handler = await freshHandler();
    // Act + Assess
    expect(await handler(event(NEW))).toEqual({ isAuthorized: true });
    expect(await handler(event(OLD))).toEqual({ isAuthorized: false });
    expect(await handler(event())).toEqual({ isAuthorized: false });
    expect(getSecretString).toHaveBeenCalledTimes(1);
    expect(getSecretString).toHaveBeenCalledWith(process.env.ORIGIN_SECRET_ARN);
  });

  it('picks up a rotated secret after a minute, accepting the previous value meanwhile', async () => {
    // Prepare: CloudFront sends OLD; the operator stores NEW with OLD as previous.
    jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    getSecretString.mockResolvedValueOnce(JSON.stringify({ current: OLD }));
    const handler = await freshHandler();
    expect(await handler(event(OLD))).toEqual({ isAuthorized: true });
    getSecretString.mockResolvedValue(JSON.stringify({ current: NEW, previous: OLD }));
    // Act + Assess: within the minute an unknown value does not re-read the secret.
    expect(await handler(event(NEW))).toEqual({ isAuthorized: false });
    expect(getSecretString).toHaveBeenCalledTimes(1);
    jest.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    expect(await handler(event(NEW))).toEqual({ isAuthorized: true });
    expect(await handler(event(OLD))).toEqual({ isAuthorized: true });
    expect(getSecretString).toHaveBeenCalledTimes(2);
  });

  it('fails (API Gateway answers 500, the alarm fires) when the secret is unusable', async () => {
    getSecretString.mockResolvedValue('{}');
    const handler = await freshHandler();
    await expect(handler(event(NEW))).rejects.toThrow(/no usable value/);
  });
});
