// Handler tests of the user pool's age-screen triggers (issue 23): the pre sign-up trigger refuses
// under 13 (and a band that does not match the date), lets the other sign-up sources through, and
// logs nothing; the post-confirmation trigger records the band, with a mocked DynamoDB client.
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { handler as preSignUp } from '#lambdas/identity/pre-sign-up.handler';
import { handler as postConfirmation } from '#lambdas/identity/post-confirmation.handler';
import { hashEmail } from '#lambdas/identity/buyers';
import * as keys from '#lambdas/platform/keys';

const ddbMock = mockClient(DynamoDBDocumentClient);
const NOW = Date.parse('2026-12-01T18:00:00Z');

function signUp(birthdate: string | undefined, band: string | undefined, source = 'PreSignUp_SignUp'): PreSignUpTriggerEvent {
  return {
    version: '1',
    triggerSource: source,
    region: 'us-east-2',
    userPoolId: 'us-east-2_Pool',
    userName: 'kid',
    callerContext: { awsSdkVersion: 'js', clientId: 'client' },
    request: {
      userAttributes: { email: 'kid@example.com', ...(band ? { 'custom:ageBand': band } : {}) },
      validationData: birthdate ? { birthdate } : undefined,
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  } as PreSignUpTriggerEvent;
}

let output: jest.SpyInstance[];
beforeEach(() => {
  ddbMock.reset();
  process.env.TABLE_NAME = 'Orders';
  output = [jest.spyOn(process.stdout, 'write'), jest.spyOn(process.stderr, 'write'), jest.spyOn(console, 'log'), jest.spyOn(console, 'error')];
});
afterEach(() => output.forEach((spy) => spy.mockRestore()));

describe('pre sign-up trigger', () => {
  it('refuses a 12-year-old with the neutral message, naming no one and logging nothing', async () => {
    const attempt = preSignUp(signUp('2014-06-01', 'minor'), () => NOW);
    await expect(attempt).rejects.toThrow('Sorry, we can’t create an account for you.');
    const error = await attempt.catch((e: Error) => e);
    expect(`${String(error)} ${(error as Error).stack}`).not.toMatch(/kid|2014-06-01/);
    for (const spy of output) expect(spy).not.toHaveBeenCalled();
    expect(ddbMock.calls()).toHaveLength(0);
  });

  it('refuses a sign-up without a date of birth, or with an impossible one', async () => {
    await expect(preSignUp(signUp(undefined, 'adult'), () => NOW)).rejects.toThrow('Enter your date of birth.');
    await expect(preSignUp(signUp('2001-02-29', 'adult'), () => NOW)).rejects.toThrow('Enter a real date (YYYY-MM-DD).');
    await expect(preSignUp(signUp('2027-01-01', 'adult'), () => NOW)).rejects.toThrow('A date of birth cannot be in the future.');
  });

  it('lets a 13-year-old through as a minor and an adult as an adult, and refuses a band the date does not give', async () => {
    const teen = signUp('2013-12-01', 'minor');
    await expect(preSignUp(teen, () => NOW)).resolves.toBe(teen);
    await expect(preSignUp(signUp('1990-01-15', 'adult'), () => NOW)).resolves.toBeDefined();
    await expect(preSignUp(signUp('2010-01-15', 'adult'), () => NOW)).rejects.toThrow(/could not be checked/);
    await expect(preSignUp(signUp('1990-01-15', undefined), () => NOW)).rejects.toThrow(/could not be checked/);
    await expect(preSignUp(signUp('1990-01-15', 'minor'), () => NOW)).rejects.toThrow(/could not be checked/);
  });

  it('counts the 13th birthday once it has begun Anywhere on Earth', async () => {
    await expect(preSignUp(signUp('2013-12-01', 'minor'), () => Date.parse('2026-12-01T05:00:00Z'))).rejects.toThrow('Sorry');
    await expect(preSignUp(signUp('2013-12-01', 'minor'), () => Date.parse('2026-12-01T12:00:00Z'))).resolves.toBeDefined();
  });

  it('lets accounts made by an administrator and Google sign-ups through (Google answers the question later)', async () => {
    await expect(preSignUp(signUp(undefined, undefined, 'PreSignUp_AdminCreateUser'), () => NOW)).resolves.toBeDefined();
    await expect(preSignUp(signUp(undefined, undefined, 'PreSignUp_ExternalProvider'), () => NOW)).resolves.toBeDefined();
  });
});

describe('post-confirmation trigger', () => {
  const confirmed = (attributes: Record<string, string>, source = 'PostConfirmation_ConfirmSignUp') =>
    ({
      version: '1',
      triggerSource: source,
      region: 'us-east-2',
      userPoolId: 'us-east-2_Pool',
      userName: 'teen',
      callerContext: { awsSdkVersion: 'js', clientId: 'client' },
      request: { userAttributes: { sub: 'sub-1', email_verified: 'true', ...attributes } },
      response: {},
    }) as PostConfirmationTriggerEvent;

  it('records the band under the buyer key of the confirmed email, never the email', async () => {
    ddbMock.on(PutCommand).resolves({});
    await postConfirmation(confirmed({ email: 'Teen@Example.com', 'custom:ageBand': 'minor' }));
    expect(ddbMock).toHaveReceivedCommandTimes(PutCommand, 1);
    const item = ddbMock.commandCalls(PutCommand)[0].args[0].input.Item!;
    expect(item).toMatchObject({ ...keys.personAge(hashEmail('teen@example.com')), band: 'minor', source: 'sign-up' });
    expect(JSON.stringify(item)).not.toMatch(/teen@|example/i);
  });

  it('records a Google account without a band as unknown (kept off public lists until it answers)', async () => {
    ddbMock.on(PutCommand).resolves({});
    ddbMock.onAnyCommand().resolves({});
    await postConfirmation(confirmed({ email: 'g@example.com' }));
    const put = ddbMock.commandCalls(PutCommand)[0].args[0].input.Item!;
    expect(put).toMatchObject({ band: 'unknown', source: 'google' });
  });

  it('does nothing after a password reset', async () => {
    await postConfirmation(confirmed({ email: 'a@example.com', 'custom:ageBand': 'adult' }, 'PostConfirmation_ConfirmForgotPassword'));
    expect(ddbMock.calls()).toHaveLength(0);
  });
});
