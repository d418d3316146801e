// The application metrics (CloudWatch namespace NilCards, EMF): one list shared by the emitting
// code (lambdas/platform/metrics.ts) and the alarms (infra/constructs/monitoring.ts), without
// pulling Powertools into the CDK app.

export const METRIC_NAMESPACE = 'NilCards';

/** The service every function logs and measures under: the metrics' one dimension (service=nil-cards). */
export const SERVICE_NAME = 'nil-cards';

export const METRIC_NAMES = [
  /** A signed delivery stored or recognised as already held (outcome applied/unchanged). */
  'WebhookAccepted',
  /** A repeated X-Shopify-Webhook-Id: Shopify retried a delivery we had already stored. */
  'WebhookDuplicate',
  /** The HMAC over the raw body did not match the signing secret (401). */
  'WebhookRejectedSignature',
  /** Two deliveries raced on the same items; ingestion retries (bounded). */
  'IngestConflict',
  /** Conflicts did not settle within the retries: the delivery got a 503 and Shopify retries it. */
  'WebhookRetryLater',
  /** Sale lines no catalog card matched (listed to the collective as unattributed). */
  'UnattributedLines',
  /** Sale lines beyond a card's available supply. */
  'OversoldLines',
  /** Orders one settle transaction applied together (reported for batches of two or more). */
  'SettleBatchOrders',
  /** Orders a settle sweep found and could not finish (contention, storage errors); 0 when healthy. */
  'OrdersPending',
  /** Payouts created for athletes. */
  'PayoutsCreated',
  /** One scheduled or manual reconciliation run finished. */
  'ReconcileRun',
  /** A Shopify privacy request (data request or redaction) recorded or carried out. */
  'PrivacyRequest',
  // ---- notifications (issue 26; docs/decisions/0025) ----
  /** Outbox items a sweep found due and put on the sender's queue. */
  'OutboxDue',
  /** A notification email SES accepted. */
  'NotificationEmailSent',
  /** A notification email given up (refused five times) or unconfirmed (SES may have taken it; never resent). */
  'NotificationEmailFailed',
  /** Addresses suppressed after a permanent bounce or a complaint. */
  'EmailSuppressed',
] as const;

export type MetricName = (typeof METRIC_NAMES)[number];
