// Handler layer, observability: every log line is one top-level JSON object (Powertools Logger)
// carrying the invocation's correlation id, and metrics leave as CloudWatch EMF records on stdout.
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as catalog } from '#lambdas/catalog/catalog.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { installSampleCatalog } from '../support/fake-table';
import { invoke } from '../support/invoke';
import { TEST_SECRET, sampleOrder, sendWebhook } from '../support/webhooks';

const ddb = mockClient(DynamoDBDocumentClient);
const order = sampleOrder('4400000000000001');

type Line = Record<string, unknown>;

/** Runs `fn` and returns what it wrote to stdout and stderr, one parsed JSON object per line. */
async function capture(fn: () => Promise<unknown>): Promise<{ lines: Line[]; raw: string[] }> {
  const raw: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      raw.push(String(chunk));
      return true;
    }),
  );
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  const text = raw
    .join('')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return { lines: text.map((l) => JSON.parse(l) as Line), raw: text };
}

const emfRecords = (lines: Line[]) => lines.filter((l) => typeof l._aws === 'object');
const metricNames = (record: Line) =>
  ((record._aws as { CloudWatchMetrics: { Metrics: { Name: string }[] }[] }).CloudWatchMetrics[0].Metrics ?? []).map((m) => m.Name);

describe('observability', () => {
  let previousLevel: string | undefined;
  beforeEach(() => {
    previousLevel = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
    process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
    installSampleCatalog(ddb);
    ddb.on(TransactWriteCommand).resolves({});
  });
  afterEach(() => {
    process.env.LOG_LEVEL = previousLevel;
  });

  it('logs a webhook delivery as top-level JSON with the webhook id as correlation id and emits an EMF record', async () => {
    const { lines, raw } = await capture(() => sendWebhook(webhook, 'orders/create', order, { webhookId: 'wh-observability-1' }));

    // Every line is a JSON object at the top level (nothing nested as a string in `message`).
    expect(raw.length).toBeGreaterThanOrEqual(2);
    const processed = lines.find((l) => l.message === 'webhook processed');
    expect(processed).toMatchObject({ level: 'INFO', service: 'nil-cards', correlation_id: 'wh-observability-1', topic: 'orders/create', outcome: 'applied' });
    expect(typeof processed?.timestamp).toBe('string');
    for (const line of lines.filter((l) => !l._aws)) expect(line.correlation_id).toBe('wh-observability-1');

    const [emf, ...more] = emfRecords(lines);
    expect(more).toHaveLength(0);
    expect(emf._aws).toMatchObject({ CloudWatchMetrics: [{ Namespace: 'NilCards', Dimensions: [['service']] }] });
    expect(metricNames(emf)).toEqual(['WebhookAccepted']);
    expect(emf).toMatchObject({ service: 'nil-cards', WebhookAccepted: 1 });
  });

  it('counts a rejected signature, flushed although the handler answered with an error', async () => {
    const { lines } = await capture(() => sendWebhook(webhook, 'orders/create', order, { webhookId: 'wh-observability-2', secret: 'wrong' }));
    expect(lines.find((l) => l.message === 'webhook signature rejected')).toMatchObject({ level: 'WARN', correlation_id: 'wh-observability-2' });
    const emf = emfRecords(lines);
    expect(emf.map(metricNames)).toEqual([['WebhookRejectedSignature']]);
  });

  it("uses API Gateway's request id as correlation id elsewhere, per invocation, and emits nothing without metrics", async () => {
    ddb.on(QueryCommand).rejects(new Error('boom'));
    const { lines } = await capture(() => invoke(catalog, 'GET /api/catalog'));
    const failure = lines.find((l) => l.message === 'unhandled error');
    expect(failure).toMatchObject({ level: 'ERROR', correlation_id: 'req' });
    expect(emfRecords(lines)).toEqual([]);
    // The next invocation does not inherit the previous delivery's id.
    expect(lines.every((l) => l.correlation_id !== 'wh-observability-2')).toBe(true);
  });

  it('stays quiet with LOG_LEVEL=silent (tests, CLIs), metrics included', async () => {
    process.env.LOG_LEVEL = 'silent';
    const { raw } = await capture(() => sendWebhook(webhook, 'orders/create', order, { webhookId: 'wh-observability-3' }));
    expect(raw).toEqual([]);
  });
});
