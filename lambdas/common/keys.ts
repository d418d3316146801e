// The only module that knows the table's key prefixes (single-table design, DESIGN.md section 5).

const pad = (n: number, width = 6) => String(n).padStart(width, '0');

// One named export per key builder, so each bundle keeps only the builders it uses (callers
// write `import * as keys from './keys'` and `keys.order(id)`).
export const catalogPartition = 'CATALOG';
export const catalogAthlete = (id: number) => ({ PK: 'CATALOG', SK: `ATHLETE#${pad(id)}` });
export const catalogSchool = (id: number) => ({ PK: 'CATALOG', SK: `SCHOOL#${pad(id)}` });
export const catalogCollective = (id: number) => ({ PK: 'CATALOG', SK: `COLLECTIVE#${pad(id)}`, GSI1PK: `COLL#${id}`, GSI1SK: 'META' });
export const catalogMerch = (schoolId: number, id: number) => ({ PK: 'CATALOG', SK: `MERCH#${pad(schoolId)}#${pad(id)}` });
export const order = (orderId: string) => ({ PK: `ORDER#${orderId}`, SK: 'ORDER' });
/** What one order has applied to one group of figures (an athlete, a school's unattributed list). */
export const appliedGroup = (orderId: string, groupId: string) => ({ PK: `ORDER#${orderId}`, SK: `APPLIED#${groupId}` });
export const appliedPrefix = 'APPLIED#';
/** Orders whose effects are not all applied yet: the settle sweeper's work list, spread over a few
 * partitions (by the order id's last digit) so a burst of orders never makes one hot partition. */
export const PENDING_SHARDS = 10;
export const pendingPartitions = () => Array.from({ length: PENDING_SHARDS }, (_, i) => `PENDING#${i}`);
export const pendingOrder = (orderId: string) => ({ PK: `PENDING#${Number(orderId.slice(-1)) % PENDING_SHARDS || 0}`, SK: `ORDER#${orderId}` });
/** Signed deliveries refused for an operator (another currency, unstorable, malformed). */
export const parkedPartition = 'PARKED';
export const parked = (id: string) => ({ PK: 'PARKED', SK: id });
export const buyerOrdersIndex = (buyerKey: string, createdAt: string, orderId: string) => ({ GSI1PK: `BUYER#${buyerKey}`, GSI1SK: `${createdAt}#${orderId}` });
export const buyerPartition = (buyerKey: string) => `BUYER#${buyerKey}`;
export const athletePartition = (athleteId: number) => `ATHLETE#${athleteId}`;
export const sale = (athleteId: number, createdAt: string, orderId: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `SALE#${createdAt}#${orderId}` });
export const salePrefix = 'SALE#';
export const aggTotal = (athleteId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: 'AGG#TOTAL' });
export const aggMonth = (athleteId: number, month: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `AGG#M#${month}` });
export const aggPrefix = 'AGG#';
export const fan = (athleteId: number, buyerKey: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `FAN#${buyerKey}` });
export const topFan = (athleteId: number, buyerKey: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `TOPFAN#${buyerKey}` });
export const topFanPrefix = 'TOPFAN#';
/** The athlete's earnings ledger, in recording order (time, then sequence number). */
export const ledger = (athleteId: number, at: string, seq: number) => ({ PK: `ATHLETE#${athleteId}`, SK: `LEDGER#${at}#${pad(seq, 10)}` });
export const ledgerPrefix = 'LEDGER#';
export const athleteDonations = (athleteId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: 'DONATIONS' });
export const post = (athleteId: number, postId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: `POST#${pad(postId, 9)}` });
export const postPrefix = 'POST#';
export const postSequence = (athleteId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: 'POSTSEQ' });
/** GSI1 keys that gather a collective's figures (one Query for the overview). */
export const collectivePartition = (collectiveId: number) => `COLL#${collectiveId}`;
export const collectiveAthleteTotal = (collectiveId: number, athleteId: number) => ({ GSI1PK: `COLL#${collectiveId}`, GSI1SK: `ATHLETE#${pad(athleteId)}#TOTAL` });
export const collectiveAthleteMonth = (collectiveId: number, athleteId: number, month: string) => ({ GSI1PK: `COLL#${collectiveId}`, GSI1SK: `ATHLETE#${pad(athleteId)}#M#${month}` });
export const collectiveDonationMonth = (collectiveId: number, month: string) => ({ GSI1PK: `COLL#${collectiveId}`, GSI1SK: `DON#M#${month}` });
/** GSI1 keys of a collective's transaction feed, newest first. */
export const transactionsPartition = (collectiveId: number) => `COLL#${collectiveId}#TXN`;
export const saleTransaction = (collectiveId: number, createdAt: string, orderId: string, athleteId: number) => ({ GSI1PK: `COLL#${collectiveId}#TXN`, GSI1SK: `${createdAt}#SALE#${orderId}#${athleteId}` });
export const donation = (collectiveId: number, date: string, id: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `DONATION#${date}#${id}`, GSI1PK: `COLL#${collectiveId}#TXN`, GSI1SK: `${date}#DON#${id}` });
export const donationMonth = (collectiveId: number, month: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `DAGG#M#${month}` });
/** A donation's id -> its date (the donation's key), for allocations by id. */
export const donationRef = (collectiveId: number, donationId: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `DONATIONREF#${donationId}` });
/** One athlete's share of one allocation request of a donation (its idempotency record). */
export const allocation = (collectiveId: number, donationId: string, athleteId: number, requestHash: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `ALLOC#${donationId}#${pad(athleteId)}#${requestHash}` });
/** Payout batches (ids start with their creation time: newest last in SK order) and the idempotency
 * keys that created them. */
export const payoutBatch = (collectiveId: number, batchId: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `BATCH#${batchId}` });
export const payoutBatchPrefix = 'BATCH#';
export const payoutBatchKey = (collectiveId: number, keyHash: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `BATCHKEY#${keyHash}` });
/** One athlete's payout in a batch (status sent/paid), with its line in the transaction feed. */
export const payoutLine = (collectiveId: number, batchId: string, athleteId: number) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `PAYOUT#${batchId}#${pad(athleteId)}` });
export const payoutLinePrefix = (batchId: string) => `PAYOUT#${batchId}#`;
export const payoutLineTransaction = (collectiveId: number, createdAt: string, batchId: string, athleteId: number) => ({ GSI1PK: `COLL#${collectiveId}#TXN`, GSI1SK: `${createdAt}#PAY#${batchId}-${athleteId}` });
/** The athlete's copy of its payouts (the athlete's Payouts tab reads its own partition). */
export const athletePayout = (athleteId: number, batchId: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `PAYOUT#${batchId}` });
export const athletePayoutPrefix = 'PAYOUT#';
/** Per athlete and calendar year: payments made (1099-NEC), W-9 status, NIL disclosure reporting. */
export const athleteYear = (athleteId: number, year: number) => ({ PK: `ATHLETE#${athleteId}`, SK: `YEAR#${year}` });
/** Unattributed lines per school (0: no known school, seen by operators only). */
export const unattributedPartition = (schoolId: number) => `UNATTR#${schoolId}`;
export const unattributedOrder = (schoolId: number, createdAt: string, orderId: string) => ({ PK: `UNATTR#${schoolId}`, SK: `ORDER#${createdAt}#${orderId}` });
export const unattributedOrderPrefix = 'ORDER#';
export const unattributedTotal = (schoolId: number) => ({ PK: `UNATTR#${schoolId}`, SK: 'AGG' });
/** Sales a collective should look at (oversold editions, cards sold while locked). */
export const flag = (collectiveId: number, createdAt: string, orderId: string, athleteId: number) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `FLAG#${createdAt}#${orderId}#${athleteId}` });
export const flagPrefix = 'FLAG#';
export const waitlist = (email: string) => ({ PK: `WAITLIST#${email}`, SK: 'WAITLIST' });
export const webhook = (webhookId: string) => ({ PK: `WEBHOOK#${webhookId}`, SK: 'WEBHOOK' });
/** Reconciliation with the Shopify Admin API (lambdas/common/reconcile.ts): the updated_at
* checkpoint of the last complete run, and the synthetic webhook ids that make reruns no-ops. */
export const reconcileCheckpoint = { PK: 'RECONCILE', SK: 'CHECKPOINT' };
export const reconcileOrderDelivery = (orderId: string, updatedAt: string) => `reconcile:order:${orderId}:${updatedAt}`;
export const reconcileRefundDelivery = (refundId: string) => `reconcile:refund:${refundId}`;

export const GSI1 = 'GSI1';

const ISO = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z`;
const ID = String.raw`\d{1,30}`;

/** What a valid cursor of each paginated read looks like (lambdas/common/http.ts cursorParam). */
export const cursorSpecs = {
  athleteSales: (athleteId: number) => ({
    fields: { SK: new RegExp(`^SALE#${ISO}#${ID}$`) },
    partition: { PK: `ATHLETE#${athleteId}` },
  }),
  buyerOrders: (buyerKey: string) => ({
    fields: { PK: new RegExp(`^ORDER#${ID}$`), SK: /^ORDER$/, GSI1SK: new RegExp(`^${ISO}#${ID}$`) },
    partition: { GSI1PK: `BUYER#${buyerKey}` },
  }),
  collectiveTransactions: (collectiveId: number) => ({
    fields: {
      PK: /^(ATHLETE|COLLECTIVE)#\d{1,9}$/,
      SK: /^(SALE|DONATION|PAYOUT)#[\w:.#-]{1,200}$/,
      GSI1SK: new RegExp(String.raw`^(${ISO}|\d{4}-\d{2}-\d{2})#(SALE|DON|PAY)#[\w.#-]{1,200}$`),
    },
    partition: { GSI1PK: `COLL#${collectiveId}#TXN` },
  }),
};
