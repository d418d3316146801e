// Sign-in: a Cognito user pool (email sign-up with verification, a password policy, groups
// buyer/athlete/collective, the link from a user to an athlete or a collective as read-only
// custom attributes), a web app client, optional Google federation, and, with the demo flag,
// the spec's role-word demo accounts linked to the demo tenant. The age screen (issue 23): a pre
// sign-up trigger refuses under 13 and checks the immutable custom:ageBand against the date of
// birth the sign-up's ValidationData carries (never stored); a post-confirmation trigger records the
// band where the public lists read it (lambdas/identity/age-bands.ts).
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  ClientAttributes,
  OAuthScope,
  ProviderAttribute,
  StringAttribute,
  UserPool,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { partitionPatterns } from '#lambdas/platform/keys';
import { ApiFunction } from './api-function';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

/** Construct id aws-cdk-lib gives the AwsCustomResource singleton function. */
const AWS_CUSTOM_RESOURCE_SINGLETON_ID = 'AWS679f53fac002430cb0da5b7982bd2287';

export const USER_GROUPS = ['buyer', 'athlete', 'collective', 'operator'] as const;

export interface GoogleSignIn {
  readonly clientId: string;
  /** Secrets Manager secret holding the Google OAuth client secret (plain string). */
  readonly clientSecretName: string;
  /** The site URL (https://...cloudfront.net) Google returns to: {siteUrl}/login. */
  readonly siteUrl: string;
  /** Prefix of the Cognito hosted domain ({prefix}.auth.{region}.amazoncognito.com). */
  readonly domainPrefix: string;
}

export interface DemoAccounts {
  readonly athleteId: number;
  readonly collectiveId: number;
  readonly buyerEmail: string;
}

/** The age screen's triggers (lambdas/identity): the pre sign-up check, and the post-confirmation
 * record of the band in the Orders table. */
export const PRE_SIGN_UP_ENTRY = 'lambdas/identity/pre-sign-up.handler.ts';
export const POST_CONFIRMATION_ENTRY = 'lambdas/identity/post-confirmation.handler.ts';

export interface AgeScreenTriggers {
  readonly projectRoot: string;
  readonly table: ITable;
}

export interface AuthProps {
  readonly google?: GoogleSignIn;
  /** Create the spec's role-word demo accounts (athlete/athlete, collective/collective, buyer). */
  readonly demo?: DemoAccounts;
  /** The age screen's Lambda triggers (the stack always sets them; tests of the pool alone may not). */
  readonly ageScreen?: AgeScreenTriggers;
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** Token issuer the HTTP API's JWT authorizer trusts. */
  readonly issuer: string;
  /** Host of the hosted UI (Google sign-in), when configured. */
  readonly oauthDomain?: string;
  /** The age screen's triggers, when configured. */
  readonly preSignUp?: ApiFunction;
  readonly postConfirmation?: ApiFunction;

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { username: true, email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: {
        athleteId: new StringAttribute({ minLen: 1, maxLen: 9, mutable: true }),
        collectiveId: new StringAttribute({ minLen: 1, maxLen: 9, mutable: true }),
        // 'minor' or 'adult': written once at sign-up (the pre sign-up trigger checks it), never changed.
        ageBand: new StringAttribute({ minLen: 5, maxLen: 5, mutable: false }),
      },
      // The spec's demo passwords are the role words: the demo flag relaxes the policy to fit them.
      passwordPolicy: props.demo
        ? { minLength: 6, requireLowercase: true, requireDigits: false, requireUppercase: false, requireSymbols: false }
        : { minLength: 8, requireLowercase: true, requireDigits: true, requireUppercase: false, requireSymbols: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-COG2',
        reason: 'MFA is optional for fans buying collectibles; sign-in protects order history and panels, not payments (checkout happens in Shopify).',
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG3',
        reason:
          'Cognito threat protection (advanced security) is a paid feature plan; abuse is limited by API throttling and Cognito quotas. Enable it per deployment if required.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG1',
        reason: props.demo
          ? 'Deployed with the demo flag: the spec demo accounts use the role words as passwords (athlete/athlete), so the policy is relaxed; production deployments omit the flag.'
          : 'Length (8+) with letters and digits, without forced upper-case and symbols, following NIST SP 800-63B, which discourages composition rules; Cognito still rejects the commonest passwords.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG8',
        reason:
          'The Plus feature plan (threat protection) is a per-user paid tier; this stack stays on Essentials. Abuse is limited by API throttling and Cognito quotas.',
      },
    );

    const groups = new Map<string, CfnUserPoolGroup>();
    for (const group of USER_GROUPS) {
      groups.set(
        group,
        new CfnUserPoolGroup(this, `Group${group}`, { userPoolId: this.userPool.userPoolId, groupName: group, description: `${group} accounts` }),
      );
    }

    const providers = [UserPoolClientIdentityProvider.COGNITO];
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (props.google) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: props.google.clientId,
        clientSecretValue: Secret.fromSecretNameV2(this, 'GoogleSecret', props.google.clientSecretName).secretValue,
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL, emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED },
      });
      providers.push(UserPoolClientIdentityProvider.GOOGLE);
      new UserPoolDomain(this, 'Domain', { userPool: this.userPool, cognitoDomain: { domainPrefix: props.google.domainPrefix } });
      this.oauthDomain = `${props.google.domainPrefix}.auth.${stack.region}.amazoncognito.com`;
    }

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // SRP only: the password never leaves the browser (web/src/lib/auth/cognito-client.ts signInWithSrp);
      // CDK adds ALLOW_REFRESH_TOKEN_AUTH. Local mode's identity provider allows the same flows.
      authFlows: { userSrp: true },
      // Unknown users look like wrong passwords; recovery answers with a simulated delivery.
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      supportedIdentityProviders: providers,
      // Users may not write the links to an athlete or a collective themselves.
      // The age band is written by the sign-up itself (immutable afterwards), checked by the trigger.
      readAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true })
        .withCustomAttributes('athleteId', 'collectiveId', 'ageBand'),
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true }).withCustomAttributes('ageBand'),
      ...(props.google
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
              callbackUrls: [`${props.google.siteUrl}/login`],
              logoutUrls: [`${props.google.siteUrl}/`],
            },
          }
        : { oAuth: { flows: { authorizationCodeGrant: false, implicitCodeGrant: false }, callbackUrls: undefined } }),
    });
    if (google) this.client.node.addDependency(google);

    this.issuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;

    if (props.ageScreen) {
      const { projectRoot, table } = props.ageScreen;
      this.preSignUp = new ApiFunction(this, 'PreSignUpFunction', {
        entry: path.join(projectRoot, PRE_SIGN_UP_ENTRY),
        description: 'nil-cards age screen: refuses a sign-up under 13, checks the age band (nothing stored)',
        timeout: Duration.seconds(5),
      });
      this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, this.preSignUp);
      this.postConfirmation = new ApiFunction(this, 'PostConfirmationFunction', {
        entry: path.join(projectRoot, POST_CONFIRMATION_ENTRY),
        description: 'nil-cards age screen: records a confirmed account’s age band for the public lists',
        timeout: Duration.seconds(5),
      });
      // Reads nothing but its own item; writes only the people partition.
      this.postConfirmation.bindTable(table, 'write', [], [partitionPatterns.person]);
      this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, this.postConfirmation);
    }

    if (props.demo) this.createDemoAccounts(props.demo, groups);
  }

  /** AdminCreateUser + AdminSetUserPassword + AdminAddUserToGroup for each demo account. */
  private createDemoAccounts(demo: DemoAccounts, groups: Map<string, CfnUserPoolGroup>): void {
    const accounts = [
      {
        username: 'athlete',
        password: 'athlete',
        email: 'athlete@demo.drift.invalid',
        group: 'athlete',
        attributes: [{ Name: 'custom:athleteId', Value: String(demo.athleteId) }],
      },
      {
        username: 'collective',
        password: 'collective',
        email: 'collective@demo.drift.invalid',
        group: 'collective',
        attributes: [{ Name: 'custom:collectiveId', Value: String(demo.collectiveId) }],
      },
      { username: 'buyer', password: 'buyer-demo', email: demo.buyerEmail, group: 'buyer', attributes: [] as Array<{ Name: string; Value: string }> },
    ];
    const policy = AwsCustomResourcePolicy.fromSdkCalls({ resources: [this.userPool.userPoolArn] });
    const poolId = this.userPool.userPoolId;
    for (const a of accounts) {
      const id = `Demo${a.username}`;
      const create = new AwsCustomResource(this, `${id}User`, {
        installLatestAwsSdk: false,
        policy,
        onCreate: {
          service: 'CognitoIdentityServiceProvider',
          action: 'adminCreateUser',
          parameters: {
            UserPoolId: poolId,
            Username: a.username,
            MessageAction: 'SUPPRESS',
            UserAttributes: [{ Name: 'email', Value: a.email }, { Name: 'email_verified', Value: 'true' }, ...a.attributes],
          },
          physicalResourceId: PhysicalResourceId.of(`${poolId}-${a.username}`),
          ignoreErrorCodesMatching: 'UsernameExistsException',
        },
        onDelete: {
          service: 'CognitoIdentityServiceProvider',
          action: 'adminDeleteUser',
          parameters: { UserPoolId: poolId, Username: a.username },
          ignoreErrorCodesMatching: 'UserNotFoundException',
        },
      });
      const password = new AwsCustomResource(this, `${id}Password`, {
        installLatestAwsSdk: false,
        policy,
        onUpdate: {
          service: 'CognitoIdentityServiceProvider',
          action: 'adminSetUserPassword',
          parameters: { UserPoolId: poolId, Username: a.username, Password: a.password, Permanent: true },
          physicalResourceId: PhysicalResourceId.of(`${poolId}-${a.username}-password`),
        },
      });
      password.node.addDependency(create);
      const group = new AwsCustomResource(this, `${id}Group`, {
        installLatestAwsSdk: false,
        policy,
        onUpdate: {
          service: 'CognitoIdentityServiceProvider',
          action: 'adminAddUserToGroup',
          parameters: { UserPoolId: poolId, Username: a.username, GroupName: a.group },
          physicalResourceId: PhysicalResourceId.of(`${poolId}-${a.username}-group`),
        },
      });
      group.node.addDependency(create);
      group.node.addDependency(groups.get(a.group)!);
    }
    // AwsCustomResource runs on one CDK-provided singleton function at stack level.
    const singleton = Stack.of(this).node.tryFindChild(AWS_CUSTOM_RESOURCE_SINGLETON_ID);
    if (singleton) {
      Validations.of(singleton).acknowledge(
        {
          id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: 'CDK-provided AwsCustomResource singleton: the managed policy only lets it write its own CloudWatch logs.',
        },
        { id: 'AwsSolutions::AwsSolutions-L1', reason: 'CDK-provided AwsCustomResource singleton: its runtime is chosen and upgraded by aws-cdk-lib.' },
      );
    }
  }
}
