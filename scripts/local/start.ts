// `npm start`: the whole product on this machine, no AWS account. DynamoDB Local on 127.0.0.1
// (data under .data/ unless --memory), the table from the stack's definition, the handlers
// behind a local API Gateway, the web build on the same origin, sample data seeded through the
// signed webhook path, and a local checkout standing in for the Shopify storefront.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startDynamoLocal, type DynamoLocal } from './dynamodb-local';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID, LocalCognito } from './cognito';
import { createLocalServer, type LocalServerOptions } from './server';
import { startSettleLoop } from './settle-loop';
import { startNotifyLoop } from './notify-loop';
import { DEFAULT_SIGNING_SECRET, createLocalStripe } from './stripe';
import { createLocalDrand } from './drand';
import { createLocalMail } from './mail';
import { ensureTable } from './table';
import { parseCli, usageError } from '../lib/cli';
import { START_OPTIONS, START_USAGE } from './flags';
import { createLocalOutput, type LocalOutput } from './output';
import { sendLogsTo } from '#lambdas/platform/log';
import { sendMetricsTo } from '#lambdas/platform/metrics';

const ROOT = path.resolve(__dirname, '../..');
export const LOCAL_WEBHOOK_SECRET_DEFAULT = 'local-dev-shopify-secret';

/** The spec's role-word demo logins and a demo buyer, linked to the demo tenant. */
const DEMO_ACCOUNTS: Array<{ username: string; email: string; password: string; groups: string[]; attributes?: Record<string, string> }> = [
  { username: 'athlete', email: 'athlete@demo.drift.local', password: 'athlete', groups: ['athlete'], attributes: { 'custom:athleteId': '1' } },
  { username: 'collective', email: 'collective@demo.drift.local', password: 'collective', groups: ['collective'], attributes: { 'custom:collectiveId': '1' } },
  { username: 'buyer', email: 'demo.fan@example.com', password: 'buyer-demo', groups: ['buyer'] },
  // A platform operator (the operators' console at /operator: the platform inbox of unattributed sales).
  { username: 'operator', email: 'operator@demo.drift.local', password: 'operator-demo', groups: ['operator'] },
];

interface Options {
  memory: boolean;
  build: boolean;
  port: number;
  dynamoEndpoint?: string;
  table: string;
  seed: boolean;
  verbose: boolean;
  logFile: string;
}

function parseArgs(argv: string[]): Options {
  const { values } = parseCli(START_USAGE, { options: START_OPTIONS }, argv);
  const options: Options = {
    memory: values.memory ?? false,
    build: !values['no-build'],
    port: Number(values.port ?? process.env.PORT ?? 3000),
    dynamoEndpoint: values['dynamo-endpoint'],
    table: values.table ?? process.env.TABLE_NAME ?? 'Orders',
    seed: !values['no-seed'],
    verbose: values.verbose ?? false,
    logFile: path.resolve(values['log-file'] ?? path.join(ROOT, '.data/local.log')),
  };
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) usageError(START_USAGE, `bad port ${values.port ?? process.env.PORT}`);
  return options;
}

/** The exact command that verifies this local mode's figures (its table on its DynamoDB Local). */
const verifyCommand = (endpoint: string, table: string) => `DYNAMODB_ENDPOINT=${endpoint} TABLE_NAME=${table} npm run verify`;

const options = parseArgs(process.argv.slice(2));
// A few human lines on the terminal; the handlers' structured logs in the log file (output.ts).
const output: LocalOutput = createLocalOutput({ stdout: process.stdout, stderr: process.stderr, logFile: options.logFile, verbose: options.verbose });
sendLogsTo(output.structured.stdout, output.structured.stderr);
sendMetricsTo(output.structured.stdout);
const say = output.say;

async function main(): Promise<void> {
  const started = Date.now();
  if (options.build || !existsSync(path.join(ROOT, 'web/dist/index.html'))) {
    say('building the web app...');
    const build = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      // A production build whatever the caller's NODE_ENV (jest sets 'test': the render module then
      // bundled React's development JSX runtime, and rendered pages failed with "jsxDEV is not a function").
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (build.status !== 0) throw new Error('the web build failed');
  }

  let dynamo: DynamoLocal | undefined;
  let endpoint = options.dynamoEndpoint;
  if (!endpoint) {
    const dbPath = options.memory ? undefined : path.join(ROOT, '.data/dynamodb');
    say(`starting DynamoDB Local (${dbPath ? `data in ${path.relative(ROOT, dbPath)}/` : 'in memory'})...`);
    dynamo = await startDynamoLocal({ dbPath });
    endpoint = dynamo.endpoint;
  }
  const created = await ensureTable(endpoint, options.table);
  say(`DynamoDB at ${endpoint}, table ${options.table} ${created ? 'created' : 'found'}`);

  const uploads = path.join(ROOT, '.data/uploads');
  mkdirSync(uploads, { recursive: true });
  process.env.TABLE_NAME = options.table;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.SHOPIFY_WEBHOOK_SECRET ??= LOCAL_WEBHOOK_SECRET_DEFAULT;
  process.env.COUNT_TEST_ORDERS ??= 'true';
  process.env.DEMO_MODE ??= 'true';
  process.env.UPLOADS_DIR ??= uploads;
  process.env.AWS_REGION ??= 'us-east-2';

  // The issuer URL needs the port, so the server binds first and gets its identity provider after.
  // The table's stream and the settle function, locally: accepted deliveries are settled in-process.
  const settleLoop = startSettleLoop();
  // The notification pipeline, locally: the same sender delivers the outbox to the local mailbox.
  const notifyLoop = startNotifyLoop();
  const serverOptions: LocalServerOptions = {
    onApiResult: (routeKey, status) => {
      // A delivery, a checkout, an assignment or an operator's routing: each may leave an order pending.
      if (routeKey.startsWith('POST ') && status < 300) settleLoop.notify();
      // Any write may have recorded an event with notices to send.
      if (!routeKey.startsWith('GET ') && status < 300) notifyLoop.notify();
    },
  };
  const server = createLocalServer(path.join(ROOT, 'web/dist'), serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  // SES's stand-in (docs/LOCAL-MODE.md, "Email"): what Drift emails, and Cognito's codes, land in a mailbox page.
  const mail = createLocalMail({
    basePath: '/local-mail',
    dataFile: options.memory ? undefined : path.join(ROOT, '.data/mail.json'),
    onMessage: (m) => output.structured.stdout.write(`[mail] ${JSON.stringify({ to: m.to, subject: m.subject, id: m.id })}\n`),
  });
  serverOptions.mail = mail;
  process.env.SES_ENDPOINT ??= `${url}/local-mail`;
  process.env.MAIL_FROM ??= 'Drift <no-reply@drift.local>';
  // Links in emails (and the one-click unsubscribe links, signed with a local key).
  process.env.SITE_URL ??= url;
  process.env.NOTIFY_SIGNING_SECRET ??= 'local-drift-notifications-signing-key-0123456789';
  const cognito = new LocalCognito({
    issuerBase: `${url}/local-cognito`,
    dataDir: options.memory ? undefined : path.join(ROOT, '.data/cognito'),
    tokenTtlSeconds: Number(process.env.LOCAL_TOKEN_TTL_SECONDS ?? 3600),
    // The codes Cognito would email are for the user: on the terminal (and in the log file).
    log: (message) => output.print(`[cognito] ${message}`),
    email: ({ to, subject, text }) => mail.deliver({ from: 'Drift <no-reply@verificationemail.com>', to, subject, text }),
    // The pool's Lambda triggers, the same modules the stack attaches (infra/constructs/auth.ts): the age screen.
    triggers: {
      preSignUp: async (event) => (await import('#lambdas/identity/pre-sign-up.handler')).handler(event),
      postConfirmation: async (event) => (await import('#lambdas/identity/post-confirmation.handler')).handler(event),
    },
  });
  const demoUsers = DEMO_ACCOUNTS.map((account) => cognito.upsertUser(account));
  serverOptions.cognito = cognito;
  // Accepted invites and profile requests link accounts in the local identity provider, as the
  // onboarding function does through Cognito's admin API in AWS.
  const { useLocalIdentityAdmin } = await import('#lambdas/identity/identity-admin');
  useLocalIdentityAdmin({
    link: async (username, link) =>
      link.kind === 'athlete'
        ? cognito.adminLink(username, 'custom:athleteId', String(link.athleteId), 'athlete')
        : cognito.adminLink(username, 'custom:collectiveId', String(link.collectiveId), 'collective'),
    deleteUser: async (username) => cognito.adminDeleteUser(username),
  });
  // Stripe's stand-in, as Cognito's (docs/LOCAL-STRIPE.md): the product's Stripe client is pointed at it.
  const stripe = createLocalStripe({
    basePath: '/local-stripe',
    publicUrl: url,
    // Signed events really arrive at the product's endpoint (the payout rail's Stripe webhook).
    webhookUrl: `${url}/api/webhooks/stripe`,
    signingSecret: (process.env.STRIPE_WEBHOOK_SECRET ??= DEFAULT_SIGNING_SECRET),
    dataFile: options.memory ? undefined : path.join(ROOT, '.data/stripe.json'),
    log: (message) => output.structured.stdout.write(`[stripe] ${message}\n`),
  });
  serverOptions.stripe = stripe;
  process.env.STRIPE_API_BASE ??= `${url}/local-stripe`;
  process.env.STRIPE_SECRET_KEY ??= 'sk_test_local_drift';
  // drand's stand-in (issue 34): a relay of a local chain; the product's beacon client reads it.
  const drand = createLocalDrand({ basePath: '/local-drand' });
  serverOptions.drand = drand;
  process.env.DRAND_RELAYS ??= `${url}/local-drand`;
  process.env.DRAND_CHAIN_HASH ??= drand.info.hash;
  serverOptions.webConfig = () => ({
    auth: { region: 'us-east-2', userPoolId: LOCAL_POOL_ID, clientId: LOCAL_CLIENT_ID, endpoint: `${url}/local-cognito/`, googleEnabled: false },
    demo: { athleteId: Number(process.env.DEMO_ATHLETE_ID ?? 1), collectiveId: Number(process.env.DEMO_COLLECTIVE_ID ?? 1) },
  });
  process.env.LOCAL_WEBHOOK_URL = `${url}/api/webhooks/shopify`;

  // Imported after the environment is set: the handlers read it.
  const { isSeeded, localDataVersion, markLocalDataVersion, LOCAL_DATA_VERSION, MIGRATABLE_DATA_VERSION, sampleDeliveryCount, seedOrders, seedStatic } =
    await import('../lib/seed');
  const seeded = !created && (await isSeeded());
  const dataVersion = seeded ? ((await localDataVersion()) ?? 1) : LOCAL_DATA_VERSION;
  if (dataVersion >= MIGRATABLE_DATA_VERSION && dataVersion < LOCAL_DATA_VERSION) {
    // The catalog migration an operator runs after a deploy (npm run catalog-migrate).
    say(`bringing the local data from version ${dataVersion} to ${LOCAL_DATA_VERSION} (the catalog migration)...`);
    const { migrateCatalog } = await import('../lib/catalog-migrate');
    const { dynamoStore } = await import('#lambdas/platform/store');
    await migrateCatalog(dynamoStore);
    await markLocalDataVersion();
  } else if (dataVersion < LOCAL_DATA_VERSION) {
    throw new Error(
      `the local data in ${options.memory ? 'DynamoDB Local' : '.data/dynamodb'} was written by an older version of Drift (the order format changed), so its figures cannot be trusted. ` +
        'Start with `npm start -- --memory` for a fresh run, or delete .data/dynamodb to reseed it.',
    );
  }
  if (seeded) {
    // Data seeded before the storefront's listing of cards on sale (decision 0017): list them once.
    const { hasLiveListing, listLiveCards } = await import('../lib/live-cards-migrate');
    const { dynamoStore } = await import('#lambdas/platform/store');
    if (!(await hasLiveListing(dynamoStore))) await listLiveCards(dynamoStore);
    // Data seeded before the name guard's folded-name index (decision 0026): index the athletes once.
    const { hasFoldedIndex, indexFoldedNames } = await import('../lib/folded-names-migrate');
    if (!(await hasFoldedIndex(dynamoStore))) await indexFoldedNames(dynamoStore);
    // Donation totals written before the supporters count: count their one-time gifts once.
    const { countSupporters, needsSupportersCount } = await import('../lib/supporters-migrate');
    if (await needsSupportersCount(dynamoStore)) await countSupporters(dynamoStore);
  }
  if (options.seed && !seeded) {
    say(`seeding the sample catalog and ${sampleDeliveryCount()} Shopify deliveries through the signed webhook endpoint...`);
    await markLocalDataVersion();
    await seedStatic();
    // The catalog migration an operator runs (npm run catalog-migrate): stored values to the current lists.
    const { migrateCatalog } = await import('../lib/catalog-migrate');
    const { dynamoStore } = await import('#lambdas/platform/store');
    await migrateCatalog(dynamoStore);
    // The demo accounts' addresses, so what Drift tells them reaches the mailbox (issue 26).
    const { seedNotificationAddresses } = await import('../lib/seed-notifications');
    await seedNotificationAddresses(demoUsers.filter((u) => u.groups.some((g) => g !== 'operator')));
    const count = await seedOrders(process.env.LOCAL_WEBHOOK_URL, process.env.SHOPIFY_WEBHOOK_SECRET, (p) =>
      say(`  ${p.delivered}/${p.total} deliveries, phase ${p.phase} of ${p.phases} settled`),
    );
    await settleLoop.idle();
    const { seedPayouts } = await import('../lib/seed-payouts');
    await seedPayouts();
    // ---- the Stripe payout rail (issue 22): linked accounts and a batch paid with Pay now ----
    const { seedStripePayouts } = await import('../lib/seed');
    const stripeSeeded = await seedStripePayouts(url, () => stripe.idle()).then(
      () => true,
      (error: unknown) => {
        // Local mode stays up without the Stripe demo (its panels then show no linked accounts).
        say(`the Stripe demo could not be seeded: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      },
    );
    // ---- end of the Stripe payout rail's seed ----
    // Donations: the demo collective's Stripe account on the stand-in, its support page, a gift and a membership paid on the hosted Checkout.
    const { seedDonations } = await import('../lib/seed-donations');
    if (stripeSeeded) await seedDonations(url);
    // A collective's application for the operator to review, made by the demo applicant's account
    // (created with the data, so a restart keeps the collective an approval links it to).
    const { DEMO_APPLICANT, seedApplication } = await import('../lib/seed-application');
    await seedApplication(cognito.upsertUser(DEMO_APPLICANT));
    say(
      `seeded ${count} Shopify deliveries, a payout batch, a donation allocation${stripeSeeded ? ', a batch paid through Stripe, a gift and a membership through the Stripe stand-in' : ''} and a pending collective application`,
    );
  }

  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const stored = options.dynamoEndpoint ? 'yours' : options.memory ? 'in memory' : 'data in .data/dynamodb/';
  const logs = path.relative(ROOT, options.logFile).startsWith('..') ? options.logFile : path.relative(ROOT, options.logFile);
  output.print(
    [
      '',
      `  Drift NIL cards running at ${url}`,
      `  API:      ${url}/api/catalog`,
      `  Sign in:  athlete/athlete, collective/collective, buyer/buyer-demo, operator/operator-demo, applicant/applicant-demo (codes for new accounts are printed here)`,
      `  Mail:     ${url}/local-mail/ (sign-up and password-reset codes, and any email Drift sends: the SES stand-in)`,
      `  Stripe:   ${url}/local-stripe/ (the stand-in; events at /local-stripe/v1/events, signing secret STRIPE_WEBHOOK_SECRET)`,
      `  drand:    ${url}/local-drand/${drand.info.hash}/info (the beacon stand-in: a local chain draws are seeded by)`,
      `  Webhook:  ${url}/api/webhooks/shopify (secret from SHOPIFY_WEBHOOK_SECRET, default '${LOCAL_WEBHOOK_SECRET_DEFAULT}')`,
      `  DynamoDB: ${endpoint} (table ${options.table}, ${stored})`,
      `  Verify:   ${verifyCommand(endpoint, options.table)}`,
      `  Logs:     ${logs} (structured JSON${options.verbose ? ', printed here too' : '; --verbose prints them here too'})`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping...');
    settleLoop.stop();
    notifyLoop.stop();
    await stripe.close();
    mail.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await dynamo?.stop();
    output.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  output.fail(error);
  output.close();
  process.exit(1);
});
