// The WAF web ACL in front of CloudFront (scope CLOUDFRONT, so it must be created in us-east-1:
// infra/app.ts puts it in the site's stack when that stack is in us-east-1, otherwise in a small
// us-east-1 stack of its own). Per-client limits replace the one shared API Gateway throttle, so a
// flood of bad signatures from a few addresses can no longer crowd Shopify out (issue #9, item 15).
//
// Rules, first match wins:
// 0. The Shopify webhook without a signature-shaped X-Shopify-Hmac-Sha256 is blocked outright:
//    Shopify signs every delivery, and the header is base64 of an HMAC-SHA256, always 44 characters.
// 1. Signed-looking webhook deliveries: a generous limit per IP (below), because Shopify delivers
//    from a shared pool of addresses (no published range) and bursts during a drop.
// 2. The waiting list (POST): a strict limit per IP.
// 3. The rest of /api: a per-IP limit well above what a person browsing produces.
// 4-6. AWS managed rule groups (IP reputation, the common rule set, known bad inputs) on every
//    path except the webhook: their body rules would inspect customer-entered order text (notes,
//    addresses) and the common set's SizeRestrictions_BODY blocks bodies over 8 KB, while Shopify
//    payloads reach the handler's 1 MiB cap; the webhook is authenticated by its HMAC over the raw
//    bytes instead, and WAF on CloudFront inspects only the first 16 KB of a body anyway. The IP
//    reputation list is kept off the webhook too: Shopify's senders are cloud addresses that such
//    lists can contain, and a blocked delivery is a lost order until the next reconciliation.
// Paths are compared URL-decoded and lowercased, so an encoded or re-cased path that could still
// reach the webhook route is treated as the webhook path (conservative for rule 0).
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ROUTES } from '#lambdas/routes';

/** CloudFront web ACLs can only be created here. */
export const WAF_REGION = 'us-east-1';

/** Requests per IP per evaluation window (WAF counts over a sliding window, here five minutes). */
export interface WafRateLimits {
  /**
   * Signed-looking Shopify deliveries per sending IP. 6,000 per 5 minutes = 20 per second
   * sustained from ONE address. The webhook route's API Gateway limit is 100/s for everyone
   * together (infra/constructs/api.ts), so one address can take at most a fifth of it: a flood
   * needs five or more addresses to crowd Shopify out, and then it is no longer a per-IP problem.
   * Shopify spreads deliveries over many addresses; a drop of 1,000 orders in 5 minutes is about
   * 3,000 deliveries (create, paid, updated) in total, so even one address carrying all of them
   * would stay under the limit. A delivery that is refused anyway gets a 429, which Shopify
   * retries, and reconciliation replays anything still missing.
   */
  readonly webhookPerIp: number;
  /** Waiting-list sign-ups per IP: a person joins once; 100 per 5 minutes leaves room for a campus NAT. */
  readonly waitlistPerIp: number;
  /**
   * Other /api requests per IP: a page view makes a handful of API calls, so 3,000 per 5 minutes
   * (10/s sustained) is far above one person and still fits a few dozen behind one NAT.
   */
  readonly apiPerIp: number;
}

export const DEFAULT_RATE_LIMITS: WafRateLimits = { webhookPerIp: 6_000, waitlistPerIp: 100, apiPerIp: 3_000 };
/** WAF's evaluation window for the rate-based rules. */
export const RATE_WINDOW_SECONDS = 300;
/** Base64 of a 32-byte HMAC-SHA256 (with its one '=' of padding). */
export const SHOPIFY_HMAC_HEADER_LENGTH = 44;

export interface EdgeWafProps {
  /** The Shopify webhook route (rules match its directory). @default the webhook route of ROUTES */
  readonly webhookPath?: string;
  /** The waiting-list route (POST). @default the waitlist function's POST route of ROUTES */
  readonly waitlistPath?: string;
  /** @default DEFAULT_RATE_LIMITS */
  readonly limits?: WafRateLimits;
}

const NORMALISED: CfnWebACL.TextTransformationProperty[] = [
  { priority: 0, type: 'URL_DECODE' },
  { priority: 1, type: 'LOWERCASE' },
];

const pathStartsWith = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix.toLowerCase(),
    textTransformations: NORMALISED,
  },
});

function routePath(match: (r: (typeof ROUTES)[number]) => boolean): string {
  const found = ROUTES.filter((r) => !r.localOnly && match(r));
  if (found.length !== 1) throw new Error(`expected one such route in ROUTES, found ${found.length}`);
  return found[0].path;
}

const not = (statement: CfnWebACL.StatementProperty): CfnWebACL.StatementProperty => ({ notStatement: { statement } });
const and = (...statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty => ({ andStatement: { statements } });

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** 429 with Retry-After tells Shopify and browsers to come back, unlike a bare 403. */
const TOO_MANY: CfnWebACL.RuleActionProperty = {
  block: { customResponse: { responseCode: 429, responseHeaders: [{ name: 'retry-after', value: String(RATE_WINDOW_SECONDS) }] } },
};

export class EdgeWaf extends Construct {
  readonly webAcl: CfnWebACL;
  /** The web ACL's ARN, what CloudFront's webAclId takes for WAFv2. */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeWafProps = {}) {
    super(scope, id);
    const limits = props.limits ?? DEFAULT_RATE_LIMITS;
    const webhookPath = props.webhookPath ?? routePath((r) => r.access === 'webhook' && r.fn === 'webhook');
    const waitlistPath = props.waitlistPath ?? routePath((r) => r.fn === 'waitlist' && r.method === 'POST');
    // The webhooks' directory (Shopify's and Stripe's): kept off the managed rules and the API limit,
    // under the webhook limit. Rule 0 (Shopify's signature header) applies to Shopify's path only
    // (and its variants such as /api/webhooks/shopify/); Stripe's webhook is authenticated by its
    // Stripe-Signature over the raw body in the function.
    const webhook = pathStartsWith(webhookPath.replace(/[^/]*$/, ''));
    const shopifyWebhook = pathStartsWith(webhookPath);
    const signatureShaped: CfnWebACL.StatementProperty = {
      sizeConstraintStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-shopify-hmac-sha256' } },
        comparisonOperator: 'EQ',
        size: SHOPIFY_HMAC_HEADER_LENGTH,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const post: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { method: {} },
        positionalConstraint: 'EXACTLY',
        searchString: 'POST',
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const rate = (name: string, priority: number, limit: number, scopeDownStatement: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: TOO_MANY,
      statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit, evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement } },
      visibilityConfig: visibility(name),
    });
    const managed = (name: string, priority: number): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, scopeDownStatement: not(webhook) } },
      visibilityConfig: visibility(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      description: 'nil-cards CloudFront: per-IP limits on the webhook, the waiting list and the API, and AWS managed rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('NilCardsEdge'),
      rules: [
        {
          name: 'WebhookUnsigned',
          priority: 0,
          action: { block: {} },
          statement: and(shopifyWebhook, not(signatureShaped)),
          visibilityConfig: visibility('WebhookUnsigned'),
        },
        rate('WebhookPerIp', 1, limits.webhookPerIp, webhook),
        rate('WaitlistPerIp', 2, limits.waitlistPerIp, and(post, pathStartsWith(waitlistPath))),
        rate('ApiPerIp', 3, limits.apiPerIp, and(pathStartsWith('/api/'), not(webhook))),
        managed('AWSManagedRulesAmazonIpReputationList', 4),
        managed('AWSManagedRulesCommonRuleSet', 5),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 6),
      ],
    });
    this.webAclArn = this.webAcl.attrArn;
  }
}
