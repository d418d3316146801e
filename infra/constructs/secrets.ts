// The Shopify webhook signing secret. Created with a random placeholder value so the stack
// deploys on its own; the operator replaces it with the secret Shopify shows (README, deploy).
// And the origin secret CloudFront presents to the API (generated here at deploy time).
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export const DEFAULT_WEBHOOK_SECRET_NAME = 'nil-cards/shopify-webhook-secret';

export const DEFAULT_STRIPE_SECRET_NAME = 'nil-cards/stripe';

export interface SecretsProps {
  /** Name of the secret in Secrets Manager. @default DEFAULT_WEBHOOK_SECRET_NAME */
  readonly webhookSecretName?: string;
  /** Name of the Stripe secret. @default DEFAULT_STRIPE_SECRET_NAME */
  readonly stripeSecretName?: string;
}

export class Secrets extends Construct {
  readonly webhookSecret: ISecret;
  readonly webhookSecretName: string;
  /** CloudFront's origin header value, JSON {"current": "..."} (lambdas/platform/origin-verify.ts). */
  readonly originSecret: ISecret;
  /** Stripe: JSON {"secretKey": "sk_...", "webhookSecrets": ["whsec_..."]} (lambdas/platform/stripe-config.ts). */
  readonly stripeSecret: ISecret;
  readonly stripeSecretName: string;

  constructor(scope: Construct, id: string, props: SecretsProps = {}) {
    super(scope, id);
    this.webhookSecretName = props.webhookSecretName ?? DEFAULT_WEBHOOK_SECRET_NAME;
    const secret = new Secret(this, 'ShopifyWebhookSecret', {
      secretName: this.webhookSecretName,
      description: 'Shopify webhook signing secret (X-Shopify-Hmac-Sha256); replace the generated value with the one Shopify shows.',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      // Losing it would silently break ingestion until re-registered in Shopify.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Shopify issues the webhook signing secret; it cannot be rotated from AWS. Rotation is done in Shopify and the new value is put here by the operator.',
    });
    this.webhookSecret = secret;

    // Generated at deploy time; CloudFront sends it to the API, the open routes' authorizer checks it.
    const origin = new Secret(this, 'OriginVerifySecret', {
      description:
        'Header value CloudFront adds to /api requests (X-Origin-Verify); the API refuses open-route requests without it. Rotation: docs/RUNBOOK.md.',
      generateSecretString: { secretStringTemplate: '{}', generateStringKey: 'current', passwordLength: 48, excludePunctuation: true },
      // Nothing outside this stack holds it: a new stack generates a new one.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(origin).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'CloudFront resolves the value into its origin header only when the distribution is updated, so an automatic Secrets Manager rotation would lock CloudFront out; it is rotated by the documented two-step procedure (docs/RUNBOOK.md), during which the authorizer accepts the current and the previous value.',
    });
    this.originSecret = origin;

    // ---- the Stripe payout rail (docs/RUNBOOK.md, "Stripe"): created with placeholders, so the
    // stack deploys without Stripe; the payments functions answer 503 until the operator puts the
    // platform's secret key and the webhook endpoint's signing secret in it.
    this.stripeSecretName = props.stripeSecretName ?? DEFAULT_STRIPE_SECRET_NAME;
    const stripe = new Secret(this, 'StripeSecret', {
      secretName: this.stripeSecretName,
      description: 'Stripe: {"secretKey": "sk_live_... or rk_live_...", "webhookSecrets": ["whsec_..."]}; replace the placeholder (docs/RUNBOOK.md, "Stripe").',
      generateSecretString: { secretStringTemplate: '{"webhookSecrets":[]}', generateStringKey: 'placeholder', passwordLength: 16, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(stripe).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        "Stripe issues the secret key and the webhook signing secret; they are rolled in Stripe's dashboard (several signing secrets are accepted while one is rolled) and the new values put here by the operator.",
    });
    this.stripeSecret = stripe;
  }
}
