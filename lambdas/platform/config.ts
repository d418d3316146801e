// The functions' settings, from the environment. The stack sets TABLE_NAME on every function,
// COUNT_TEST_ORDERS on the webhook, settle and reconcile functions, SHOPIFY_SECRET_ARN on the
// webhook and DEMO_MODE (with the demo tenant's ids and buyer when the demo is on) on the other
// API functions and the page renderer
// (infra/constructs/api.ts functionEnvironment); local mode (scripts/local/start.ts) sets
// TABLE_NAME, DYNAMODB_ENDPOINT, SHOPIFY_WEBHOOK_SECRET (the secret itself, where AWS has its ARN),
// and COUNT_TEST_ORDERS and DEMO_MODE unless already set. Anything unset takes the default below.

export interface Config {
  tableName: string;
  /** Local mode only: DynamoDB Local's endpoint. */
  dynamoEndpoint: string | undefined;
  countTestOrders: boolean;
  /** Local mode: the signing secret itself. In AWS: the Secrets Manager secret holding it. */
  webhookSecret: string | undefined;
  webhookSecretArn: string | undefined;
  demoMode: boolean;
  demoBuyerEmail: string;
  /** The public demo tenant: the athlete and collective the demo pages show without sign-in. */
  demoAthleteId: number;
  demoCollectiveId: number;
  /** Key of the buyers' public pseudonyms (BUYER_ALIAS_SALT, else derived from the table's name). */
  buyerAliasSalt: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    tableName: env.TABLE_NAME ?? 'Orders',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    countTestOrders: env.COUNT_TEST_ORDERS === 'true',
    webhookSecret: env.SHOPIFY_WEBHOOK_SECRET || undefined,
    webhookSecretArn: env.SHOPIFY_SECRET_ARN || undefined,
    demoMode: env.DEMO_MODE === 'true',
    demoBuyerEmail: (env.DEMO_BUYER_EMAIL ?? 'demo.fan@example.com').toLowerCase(),
    demoAthleteId: Number(env.DEMO_ATHLETE_ID ?? 1),
    demoCollectiveId: Number(env.DEMO_COLLECTIVE_ID ?? 1),
    // The deployed table's name carries CloudFormation's random suffix and is not public.
    buyerAliasSalt: env.BUYER_ALIAS_SALT || `buyer-alias:${env.TABLE_NAME ?? 'Orders'}`,
  };
}

/** Read on every call (a few property reads), not once per cold start, so tests and local mode
 * can change the environment between runs. */
export const config = (): Config => readConfig();
