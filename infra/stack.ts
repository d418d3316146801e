// NilCardsStack: wires the constructs (data, secrets, auth, api, site, reconcile, monitoring) and publishes the outputs an
// operator needs after `cdk deploy`. No resources are defined here directly.
import { Aws, CfnOutput, CfnRule, Duration, Fn, Stack, Token, Validations } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api, functionEnvironment } from './constructs/api';
import { Auth, type DemoAccounts, type GoogleSignIn } from './constructs/auth';
import { Data } from './constructs/data';
import { Monitoring } from './constructs/monitoring';
import { Notifications, mailDomainOf } from './constructs/notifications';
import { PageRenderer, renderedPathPatterns } from './constructs/page-renderer';
import { Reconcile } from './constructs/reconcile';
import { Secrets } from './constructs/secrets';
import { Settle } from './constructs/settle';
import { Site } from './constructs/site';
import { EdgeWaf, WAF_REGION } from './constructs/waf';
import { ORIGIN_VERIFY_HEADER } from '#lambdas/platform/origin-verify';

export interface NilCardsStackProps extends StackProps {
  /** Whether Shopify test orders count in the figures. */
  readonly countTestOrders: boolean;
  /** Secrets Manager name of the webhook signing secret. @default Secrets' default name */
  readonly shopifySecretName?: string;
  /** Absolute path of the web build (Vite dist). */
  readonly webBuildDir: string;
  /** Repository root (where lambdas/ lives). */
  readonly projectRoot: string;
  /** The public demo tenant and its role-word accounts (off unless the demo flag is given). */
  readonly demo?: DemoAccounts;
  /** Google sign-in through Cognito (only when a Google client id and secret are given). */
  readonly google?: GoogleSignIn;
  /** Scheduled Shopify reconciliation (only when the Admin API secret is named). */
  readonly reconcile?: { readonly adminSecretName: string; readonly storeDomain?: string };
  /** E-mail subscribed to the alarm topic. */
  readonly alarmEmail?: string;
  /**
   * ARN of the CloudFront WAF web ACL when it lives in another stack (NilCardsEdgeStack in
   * us-east-1, infra/app.ts). Without it this stack creates the web ACL itself, which only
   * deploys in us-east-1 (a CloudFormation rule says so before anything is created).
   */
  readonly webAclArn?: string;
  /** The Shopify store the Buy Button talks to (VITE_SHOPIFY_STORE_DOMAIN of the web build); the CSP allows it. */
  readonly storefrontDomain?: string;
  /** Any new value forces a CloudFront update, which re-reads the origin secret (rotation, docs/RUNBOOK.md). */
  readonly originSecretRotation?: string;
  /** Notification emails (docs/RUNBOOK.md "Email"): the sender (`-c mailFrom`), the domain the stack
   * verifies (`-c mailDomain`) and the site's URL for links (`-c siteUrl`, else the CloudFront URL). */
  readonly mail?: { readonly from?: string; readonly domain?: string; readonly siteUrl?: string };
}

export class NilCardsStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly api: Api;
  readonly site: Site;
  readonly auth: Auth;
  readonly reconcile?: Reconcile;
  readonly settle: Settle;
  readonly monitoring: Monitoring;
  readonly notifications: Notifications;
  /** The web ACL, when this stack holds it (us-east-1). */
  readonly waf?: EdgeWaf;
  /** The render function of the data pages, when the web build has them. */
  readonly pageRenderer?: PageRenderer;

  constructor(scope: Construct, id: string, props: NilCardsStackProps) {
    super(scope, id, props);

    this.data = new Data(this, 'Data');
    this.secrets = new Secrets(this, 'Secrets', { webhookSecretName: props.shopifySecretName });
    this.auth = new Auth(this, 'Auth', {
      demo: props.demo,
      google: props.google,
      ageScreen: { projectRoot: props.projectRoot, table: this.data.table },
    });
    this.api = new Api(this, 'Api', {
      auth: { issuer: this.auth.issuer, clientIds: [this.auth.client.userPoolClientId] },
      demo: props.demo,
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      webhookSecret: this.secrets.webhookSecret,
      stripeSecret: this.secrets.stripeSecret,
      siteUrl: props.google?.siteUrl,
      originSecret: this.secrets.originSecret,
      countTestOrders: props.countTestOrders,
      projectRoot: props.projectRoot,
    });
    if (!props.webAclArn) this.waf = this.webAclHere();
    // The data pages rendered on request, when the web build has them (infra/constructs/page-renderer.ts).
    this.pageRenderer =
      renderedPathPatterns(props.webBuildDir).length > 0
        ? new PageRenderer(this, 'Pages', {
            projectRoot: props.projectRoot,
            webBuildDir: props.webBuildDir,
            table: this.data.table,
            tableIndexNames: this.data.indexNames,
            environment: functionEnvironment('catalog', props.countTestOrders, props.demo),
          })
        : undefined;
    this.site = new Site(this, 'Site', {
      apiDomainName: this.api.domainName,
      webBuildDir: props.webBuildDir,
      webAclArn: props.webAclArn ?? this.waf!.webAclArn,
      apiOriginHeader: { name: ORIGIN_VERIFY_HEADER, value: this.secrets.originSecret.secretValueFromJson('current').unsafeUnwrap() },
      contentSecurity: { cognitoRegion: this.region, oauthDomain: this.auth.oauthDomain, shopifyStoreDomain: props.storefrontDomain },
      originSecretRotation: props.originSecretRotation,
      pages: this.pageRenderer,
      runtimeConfig: {
        auth: {
          region: this.region,
          userPoolId: this.auth.userPool.userPoolId,
          clientId: this.auth.client.userPoolClientId,
          endpoint: `https://cognito-idp.${this.region}.amazonaws.com/`,
          googleEnabled: Boolean(props.google),
          ...(this.auth.oauthDomain ? { oauthDomain: this.auth.oauthDomain } : {}),
        },
        demo: { athleteId: props.demo?.athleteId ?? 1, collectiveId: props.demo?.collectiveId ?? 1, enabled: Boolean(props.demo) },
      },
    });

    // A rendered page names the new build's chunks: the function changes only once they are in the bucket.
    if (this.pageRenderer && this.site.assetsDeployment) this.pageRenderer.function.node.addDependency(this.site.assetsDeployment);

    this.settle = new Settle(this, 'Settle', {
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      countTestOrders: props.countTestOrders,
      projectRoot: props.projectRoot,
    });
    if (props.reconcile) {
      this.reconcile = new Reconcile(this, 'Reconcile', {
        ...props.reconcile,
        table: this.data.table,
        tableIndexNames: this.data.indexNames,
        countTestOrders: props.countTestOrders,
        projectRoot: props.projectRoot,
      });
    }
    // Notifications (issue 26): the outbox's feed, queue and sender, SES's configuration set and
    // bounces; the notifications API verifies unsubscribe links with the sender's signing secret.
    const siteUrl = props.mail?.siteUrl ?? props.google?.siteUrl;
    this.notifications = new Notifications(this, 'Notifications', {
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      projectRoot: props.projectRoot,
      siteUrl: siteUrl ?? this.site.url,
      mailFrom: props.mail?.from,
      mailDomain: props.mail?.domain,
    });
    // NIL Go's deadlines told before they pass: the compliance function's daily sweep (issue 26).
    const compliance = this.api.functions.get('compliance');
    if (compliance)
      new Rule(this, 'DisclosureReminders', {
        description: 'Tells athletes and collectives of NIL Go reports coming due (lambdas/money/disclosure-reminders.ts), daily',
        schedule: Schedule.cron({ minute: '0', hour: '13' }),
        targets: [new LambdaFunction(compliance, { retryAttempts: 2, maxEventAge: Duration.hours(2) })],
      });
    const notificationsApi = this.api.functions.get('notifications');
    if (notificationsApi) {
      notificationsApi.addEnvironment('NOTIFY_SECRET_ARN', this.notifications.signingSecret.secretArn);
      this.notifications.signingSecret.grantRead(notificationsApi);
    }
    // A donor's receipt carries a signed "Manage membership" link (lambdas/payments/donation-notices.ts),
    // signed with the same secret: by the support function (the thank-you) and the Stripe webhook
    // function (the receipts), and checked by the support function.
    for (const name of ['support', 'stripe-webhook'] as const) {
      const fn = this.api.functions.get(name);
      if (!fn) continue;
      fn.addEnvironment('NOTIFY_SECRET_ARN', this.notifications.signingSecret.secretArn);
      this.notifications.signingSecret.grantRead(fn);
      if (siteUrl) fn.addEnvironment('SITE_URL', siteUrl);
    }
    // An invite's email carries the claim link: the site's URL where it is known at synth, else the
    // onboarding function takes the collective's browser origin.
    if (siteUrl) this.api.functions.get('onboarding')?.addEnvironment('SITE_URL', siteUrl);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: this.api.stage,
      functions: new Map([
        ...this.api.functions,
        ['originVerify', this.api.originVerifyFunction] as const,
        ['settle', this.settle.function] as const,
        ['notifyFeed', this.notifications.feed] as const,
        ['notifySender', this.notifications.sender] as const,
        ['notifyBounces', this.notifications.bounces] as const,
        ...(this.reconcile ? [['reconcile', this.reconcile.function] as const] : []),
      ]),
      alarmEmail: props.alarmEmail,
      deadLetters: this.settle.deadLetters,
      notifyDeadLetters: this.notifications.deadLetters,
    });

    // Collectives upload profile images through presigned PUTs to the uploads bucket.
    const admin = this.api.functions.get('admin');
    if (admin) {
      admin.addEnvironment('UPLOADS_BUCKET', this.site.uploadsBucket.bucketName);
      admin.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.site.uploadsBucket.arnForObjects('uploads/*')] }));
      Validations.of(admin).acknowledge({
        id: 'AwsSolutions::AwsSolutions-IAM5[Resource::<SiteUploadsBucketECFF07D3.Arn>/uploads/*]',
        reason:
          'Uploads get random object keys (uploads/{uuid}.{ext}) chosen by the handler, so the grant covers that prefix; only s3:PutObject, only in the uploads bucket.',
      });
    }

    // Card images: the cards function reads an upload's first bytes and ETag (the image version
    // the athlete approves) and, with the Admin API configured, creates the card's Shopify product.
    const cards = this.api.functions.get('cards');
    if (cards) {
      cards.addEnvironment('UPLOADS_BUCKET', this.site.uploadsBucket.bucketName);
      cards.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.site.uploadsBucket.arnForObjects('uploads/*')] }));
      Validations.of(cards).acknowledge({
        id: 'AwsSolutions::AwsSolutions-IAM5[Resource::<SiteUploadsBucketECFF07D3.Arn>/uploads/*]',
        reason:
          'Card images are uploads with random keys (uploads/{uuid}.{ext}); the function reads their first bytes and ETag, only s3:GetObject, only under that prefix.',
      });
      if (this.reconcile) {
        cards.addEnvironment('SHOPIFY_ADMIN_SECRET_ARN', this.reconcile.adminSecret.secretArn);
        if (props.reconcile?.storeDomain) cards.addEnvironment('SHOPIFY_STORE_DOMAIN', props.reconcile.storeDomain);
        this.reconcile.adminSecret.grantRead(cards);
        Validations.of(cards).acknowledge({
          id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${props.reconcile!.adminSecretName}-??????]`,
          reason:
            'The Admin API secret is referenced by name; Secrets Manager appends a random 6-character suffix to every secret ARN, so the grant wildcards only that suffix.',
        });
      }
    }
    // Moment drops (decision 0022): every minute the cards function opens the drops whose window
    // started and closes those whose window ended (lambdas/cards/card-drops.ts).
    if (cards) {
      new Rule(this, 'DropSweep', {
        description: 'Opens and closes moment drops (their windows, print runs and Shopify products), every minute',
        schedule: Schedule.rate(Duration.minutes(1)),
        targets: [new LambdaFunction(cards, { retryAttempts: 0, maxEventAge: Duration.minutes(2) })],
      });
    }
    // Onboarding links an account to its athlete (an accepted invite or profile request), the
    // operator function an applicant's account to its approved collective: two Cognito admin
    // actions on this user pool only.
    for (const linker of ['onboarding', 'operator'] as const) {
      const fn = this.api.functions.get(linker);
      if (!fn) continue;
      fn.addEnvironment('USER_POOL_ID', this.auth.userPool.userPoolId);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminAddUserToGroup'],
          resources: [this.auth.userPool.userPoolArn],
        }),
      );
    }

    // A fan's own account removes it (a deletion confirmed by the emailed code, or a Google account
    // refused by the age screen): AdminDeleteUser on this user pool only.
    const account = this.api.functions.get('account');
    if (account) {
      account.addEnvironment('USER_POOL_ID', this.auth.userPool.userPoolId);
      account.addToRolePolicy(new PolicyStatement({ actions: ['cognito-idp:AdminDeleteUser'], resources: [this.auth.userPool.userPoolArn] }));
      // The deletion code is emailed through SES from the notifications' sender (MAIL_FROM), with their
      // configuration set: SendEmail on that identity and configuration set only.
      if (props.mail?.from) account.addEnvironment('MAIL_FROM', props.mail.from);
      account.addEnvironment('SES_CONFIGURATION_SET', this.notifications.configurationSet.configurationSetName);
      const domain = props.mail?.domain ?? mailDomainOf(props.mail?.from);
      account.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [
            // Pseudo parameters (not the stack's env): the grant reads the same in every region and account.
            `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${domain ?? '*'}`,
            `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/${this.notifications.configurationSet.configurationSetName}`,
          ],
        }),
      );
      if (!domain)
        Validations.of(account).acknowledge({
          // The grant names the region and account with pseudo parameters, and so does cdk-nag's finding.
          id: 'AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
          reason:
            'No sender identity is configured yet (-c mailFrom, -c mailDomain): the account function cannot email a deletion code until MAIL_FROM is set, and the grant names the identity once it is.',
        });
    }

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The web app (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', {
      value: `${this.site.url}/api`,
      description: 'The API, through CloudFront and its WAF (the execute-api URL answers only requests forwarded by CloudFront)',
    });
    new CfnOutput(this, 'WebhookUrl', {
      value: `${this.site.url}/api/webhooks/shopify`,
      description: 'Register this URL (CloudFront, behind the WAF) for the Shopify order and refund webhook topics',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'UserPoolId', {
      value: this.auth.userPool.userPoolId,
      description: 'Cognito user pool: link users to athletes/collectives with custom:athleteId / custom:collectiveId and the groups',
    });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Alarms (webhook 5xx rate, unsettled conflicts, function errors) publish here',
    });
    new CfnOutput(this, 'OriginSecretArn', {
      value: this.secrets.originSecret.secretArn,
      description: 'The header value CloudFront presents to the API (rotation: docs/RUNBOOK.md)',
    });
    new CfnOutput(this, 'WebhookSecretName', {
      value: this.secrets.webhookSecretName,
      description: 'Put the Shopify webhook signing secret here',
    });
  }

  /** The web ACL in this stack: CLOUDFRONT-scope web ACLs exist only in us-east-1. */
  private webAclHere(): EdgeWaf {
    if (!Token.isUnresolved(this.region) && this.region !== WAF_REGION) {
      throw new Error(
        `NilCardsStack is in ${this.region}: its CloudFront web ACL must be created in ${WAF_REGION}; pass webAclArn from NilCardsEdgeStack (infra/app.ts does)`,
      );
    }
    if (Token.isUnresolved(this.region)) {
      // An environment-agnostic template: refuse to deploy it anywhere else before creating anything.
      new CfnRule(this, 'WebAclNeedsUsEast1', {
        assertions: [
          {
            assert: Fn.conditionEquals(Aws.REGION, WAF_REGION),
            assertDescription: `This template holds the CloudFront WAF web ACL, which AWS creates only in ${WAF_REGION}. Deploy with the target region set (cdk deploy does): outside ${WAF_REGION} the app adds NilCardsEdgeStack for it.`,
          },
        ],
      });
    }
    return new EdgeWaf(this, 'Waf');
  }
}
