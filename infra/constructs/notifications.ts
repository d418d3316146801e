// Notifications in AWS (issue 26; docs/decisions/0025, docs/RUNBOOK.md "Email"): the outbox's feed
// and sender, and what SES needs.
// - The feed function puts due outbox items on an SQS queue: on the Orders table's stream for each
//   new notice (a filter drops every other record before Lambda is invoked), and every minute from
//   a schedule that sweeps the outbox's GSI1 partitions (digests coming due, retries).
// - The sender function takes them off the queue (batch item failures retried, five receipts then
//   a dead-letter queue with an alarm) and sends through SES v2, least privilege: ses:SendEmail on
//   the sending identity and the configuration set only.
// - The configuration set publishes bounces and complaints to an SNS topic; the bounces function
//   suppresses those addresses (never mailed again).
// - The one-click unsubscribe links are signed with a generated Secrets Manager secret, read by the
//   sender (to sign) and the notifications API function (to verify).
// The sender's identity comes from context: `-c mailFrom="Drift <no-reply@drift.example>"` (an
// address of a verified identity) and, to have the stack create and DKIM-sign the domain identity,
// `-c mailDomain=drift.example`. Without mailFrom the pipeline is deployed but sends nothing: the
// notices stay in-app and are recorded as not emailed.
import * as path from 'node:path';
import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SnsEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, EmailIdentity, EventDestination, EmailSendingEvent, Identity } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { NOTIFY_BOUNCE_PARTITIONS, NOTIFY_SENDER_PARTITIONS } from '#lambdas/platform/key-access';
import { notePrefix } from '#lambdas/platform/keys';
import { ApiFunction } from './api-function';

export const NOTIFY_FEED_ENTRY = 'lambdas/notifications/notify-feed.handler.ts';
export const NOTIFY_SENDER_ENTRY = 'lambdas/notifications/notify-sender.handler.ts';
export const NOTIFY_BOUNCES_ENTRY = 'lambdas/notifications/notify-bounces.handler.ts';
/** The notify partitions' PK prefix (the feed's stream filter). */
const NOTIFY_PREFIX = 'NOTIFY#';
const FANOUT_PREFIX = 'FANOUT#';

export interface NotificationsProps {
  readonly table: Table;
  readonly tableIndexNames: readonly string[];
  readonly projectRoot: string;
  /** The web app's URL (links in emails), e.g. the CloudFront URL. */
  readonly siteUrl: string;
  /** `Name <address>` or an address of a verified SES identity; none: nothing is emailed. */
  readonly mailFrom?: string;
  /** A domain the stack creates (and DKIM-signs) as the sending identity. */
  readonly mailDomain?: string;
}

export class Notifications extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly feed: ApiFunction;
  readonly sender: ApiFunction;
  readonly bounces: ApiFunction;
  readonly signingSecret: Secret;
  readonly configurationSet: ConfigurationSet;
  readonly identity?: EmailIdentity;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.signingSecret = new Secret(this, 'SigningSecret', {
      description: 'Signs the one-click unsubscribe links of notification emails',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.signingSecret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'The key signs unsubscribe links that live in people\u2019s mailboxes; rotating it would break every link already sent. It never leaves the two functions that read it (RUNBOOK.md "Email" says how to replace it if exposed).',
    });

    this.deadLetters = new Queue(this, 'DeadLetters', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the outbox queue; the sweep comes back to any item still due, and an alarm pages an operator.',
    });
    this.queue = new Queue(this, 'Outbox', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the sender's timeout, as Lambda advises for SQS event sources.
      visibilityTimeout: Duration.seconds(180),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 5 },
    });

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { reputationMetrics: true });
    const sesEvents = new Topic(this, 'SesEvents', { displayName: 'Drift email bounces and complaints', enforceSSL: true });
    Validations.of(sesEvents).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'SES event publishing to an encrypted topic needs a customer managed KMS key whose policy admits SES; the events carry the bounced address, which the bounces function keeps only as a hash. Delivery is over TLS (enforceSSL).',
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(sesEvents),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    if (props.mailDomain)
      this.identity = new EmailIdentity(this, 'Domain', { identity: Identity.domain(props.mailDomain), configurationSet: this.configurationSet });

    const site = props.siteUrl.replace(/\/+$/, '');
    this.feed = new ApiFunction(this, 'FeedFunction', {
      entry: path.join(props.projectRoot, NOTIFY_FEED_ENTRY),
      description: 'nil-cards notifications: puts due outbox items on the sender queue (stream + sweep)',
      timeout: Duration.seconds(30),
      environment: { OUTBOX_QUEUE_URL: this.queue.queueUrl },
    });
    this.feed.bindTable(props.table, 'read', props.tableIndexNames);
    this.queue.grantSendMessages(this.feed);
    this.feed.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 3,
        maxRecordAge: Duration.hours(1),
        bisectBatchOnError: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { PK: { S: FilterRule.beginsWith(NOTIFY_PREFIX) }, SK: { S: FilterRule.beginsWith(notePrefix) } } },
          }),
          // Settlement's jobs (unlocks, Top Fans, sold-out editions, school tallies).
          FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { Keys: { PK: { S: FilterRule.beginsWith(FANOUT_PREFIX) } } } }),
        ],
      }),
    );
    Validations.of(this.feed).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams (granted by the stream event source) has no resource-level permissions: IAM only accepts "*" for it. Reading the records is granted on this table\'s stream ARN only.',
    });
    new Rule(this, 'Sweep', {
      description: 'Puts due notification emails (digests, retries) on the sender queue, every minute',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.feed, { retryAttempts: 0, maxEventAge: Duration.minutes(2) })],
    });

    this.sender = new ApiFunction(this, 'SenderFunction', {
      entry: path.join(props.projectRoot, NOTIFY_SENDER_ENTRY),
      description: 'nil-cards notifications: sends the outbox through SES, each email at most once',
      timeout: Duration.seconds(30),
      environment: {
        SITE_URL: site,
        NOTIFY_SECRET_ARN: this.signingSecret.secretArn,
        SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
        ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
      },
    });
    this.sender.bindTable(props.table, 'write', props.tableIndexNames, NOTIFY_SENDER_PARTITIONS);
    this.signingSecret.grantRead(this.sender);
    this.sender.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true, maxBatchingWindow: Duration.seconds(1) }));
    const identityArn = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: props.mailDomain ?? mailDomainOf(props.mailFrom) ?? '*' });
    const configurationSetArn = stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName });
    this.sender.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identityArn, configurationSetArn] }));
    if (!props.mailDomain && !mailDomainOf(props.mailFrom))
      Validations.of(this.sender).acknowledge({
        id: sesAnyIdentityFinding(stack),
        reason:
          'No sender identity is configured yet (-c mailFrom, -c mailDomain): the sender sends nothing until MAIL_FROM is set, and the grant names the identity once it is.',
      });

    this.bounces = new ApiFunction(this, 'BouncesFunction', {
      entry: path.join(props.projectRoot, NOTIFY_BOUNCES_ENTRY),
      description: 'nil-cards notifications: suppresses addresses that bounced or complained',
    });
    this.bounces.bindTable(props.table, 'write', [], NOTIFY_BOUNCE_PARTITIONS);
    this.bounces.addEventSource(new SnsEventSource(sesEvents));
  }
}

/** The domain of `Name <user@domain>` or `user@domain`, if any. */
/** cdk-nag's name for a grant on every SES identity of the account: the region and account are
 * placeholders when the stack's environment is not set, the literal values when it is. */
export function sesAnyIdentityFinding(stack: Stack): string {
  const show = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
  return `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:${show(stack.region, '<AWS::Region>')}:${show(stack.account, '<AWS::AccountId>')}:identity/*]`;
}

export function mailDomainOf(from: string | undefined): string | undefined {
  const address = from ? (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim() : '';
  const at = address.lastIndexOf('@');
  return at > 0 ? address.slice(at + 1).toLowerCase() : undefined;
}
