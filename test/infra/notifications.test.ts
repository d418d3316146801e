// Infra layer, notifications (infra/constructs/notifications.ts): the outbox's feed on the table's
// stream (new notices only) and on a one-minute schedule, an encrypted queue with a dead-letter
// queue after five receipts, the sender on the queue with batch item failures and SES's SendEmail on
// the configured identity and configuration set only, bounces and complaints through SNS to the
// bounces function, the generated signing secret read by the sender and the notifications API only,
// and no unacknowledged cdk-nag finding, with a sender identity from context.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import type { NilCardsStack } from '../../infra/stack';
import { mailDomainOf } from '../../infra/constructs/notifications';
import { unsuppressedNagFindings } from '../support/nag';

let app: App;
let stack: NilCardsStack;
let template: Template;

beforeAll(() => {
  app = new App({
    context: {
      webBuildDir: 'web/__no_such_build__',
      mailFrom: 'Drift <no-reply@mail.drift.example>',
      mailDomain: 'mail.drift.example',
      siteUrl: 'https://drift.example/',
    },
  });
  ({ stack } = buildApp(app));
  try {
    template = Template.fromStack(stack);
  } catch {
    template = Template.fromJSON(JSON.parse(fs.readFileSync(path.join(app.outdir, stack.templateFile), 'utf8')));
  }
});

type Resources = Record<string, { Properties: Record<string, any> }>;
const resources = (type: string) => template.findResources(type) as Resources;
const fn = (id: string) => Object.entries(resources('AWS::Lambda::Function')).find(([logicalId]) => logicalId.startsWith(`Notifications${id}`))!;
const policyOf = (logicalId: string) =>
  Object.values(resources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(logicalId.replace(/[0-9A-F]{8}$/, '')))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }>);

describe('notifications infrastructure', () => {
  it('feeds the queue from the stream (new notices only) and every minute', () => {
    const [feedId] = fn('FeedFunction');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: feedId },
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: [{ prefix: 'NOTIFY#' }] }, SK: { S: [{ prefix: 'NOTE#' }] } } } }) },
          // Settlement's jobs (events and school tallies) for the sender.
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: [{ prefix: 'FANOUT#' }] } } } }) },
        ],
      },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [feedId, 'Arn'] } })],
    });
  });

  it('sends from an encrypted queue with a dead-letter queue, reporting batch item failures', () => {
    const [senderId, sender] = fn('SenderFunction');
    template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      RedrivePolicy: { maxReceiveCount: 5, deadLetterTargetArn: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: senderId }, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(sender.Properties.Environment.Variables).toMatchObject({ MAIL_FROM: 'Drift <no-reply@mail.drift.example>', SITE_URL: 'https://drift.example' });
    // SES: SendEmail on the domain identity and the configuration set, nothing else.
    const ses = policyOf(senderId).filter((s) => JSON.stringify(s.Action).includes('ses:'));
    expect(ses).toHaveLength(1);
    expect(ses[0].Action).toBe('ses:SendEmail');
    expect(JSON.stringify(ses[0].Resource)).toContain(':identity/mail.drift.example');
    expect(JSON.stringify(ses[0].Resource)).toContain(':configuration-set/');
    // The table: writes to the notices (NOTIFY#), settlement's jobs it applies and deletes (FANOUT#),
    // the audit entries, the school boards' tallies and the feeds' news the jobs write, and PERSON#
    // for the check that a fan was not forgotten (a deleted account's tombstone); nothing else.
    const writes = policyOf(senderId).filter((s) => JSON.stringify(s.Action).includes('dynamodb:PutItem'));
    expect(writes.map((s) => s.Condition)).toEqual([
      { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['NOTIFY#*', 'FANOUT#*', 'AUDIT#*', 'BOARD#*', 'ACTIVITY#*', 'PERSON#*'] } },
    ]);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'mail.drift.example' });
  });

  it('suppresses bounces and complaints through SNS', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({ MatchingEventTypes: Match.arrayWith(['bounce', 'complaint']), SnsDestination: Match.anyValue() }),
    });
    const [bouncesId] = fn('BouncesFunction');
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', Endpoint: { 'Fn::GetAtt': [bouncesId, 'Arn'] } });
    const writes = policyOf(bouncesId).filter((s) => JSON.stringify(s.Action).includes('dynamodb:PutItem'));
    expect(writes.map((s) => s.Condition)).toEqual([{ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SUPPRESSED#*'] } }]);
  });

  it('has no unacknowledged cdk-nag finding with a sender identity configured', () => {
    expect(unsuppressedNagFindings(app.outdir, stack)).toEqual([]);
  });

  it('reads the sender domain of an address', () => {
    expect(mailDomainOf('Drift <No-Reply@Drift.Example>')).toBe('drift.example');
    expect(mailDomainOf('a@b.example')).toBe('b.example');
    expect(mailDomainOf(undefined)).toBeUndefined();
  });
});
