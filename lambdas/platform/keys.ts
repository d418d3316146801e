// The only module that knows the table's key prefixes (single-table design, DESIGN.md section 5).

const pad = (n: number, width = 6) => String(n).padStart(width, '0');

// One named export per key builder, so each bundle keeps only the builders it uses (callers
// write `import * as keys from './keys'` and `keys.order(id)`).

// The catalog, one item per entity (lambdas/catalog/catalog-items.ts builds them; the admin function
// writes them): no page reads more than the entities it shows.
//   CATALOG#ATHLETE#{id}     PROFILE, CARD#{card}, SET#{set}       an athlete, its cards and sets
//   CATALOG#SCHOOLS          SCHOOL#{id}                           every school (few hundred)
//   CATALOG#SCHOOL#{id}      MERCH#{id}, SPORT#{sport}, ROSTER#... its merch, sports and roster
//   CATALOG#COLLECTIVES      COLLECTIVE#{id}                       every collective (GSI1 COLL#{id} META)
//   CATALOG#COLLECTIVE#{id}  MEMBER#{athlete}                      its members, paginated
//   CATALOG#PRODUCT#{pid}    CARD                                  Shopify product -> card
//   CATALOG#NAME#{name}      ATHLETES                              full name -> athlete ids (title rule)
//   CATALOG#SEARCH           MANIFEST, ATHLETES#{chunk}            the search snapshot, in chunks
/** An athlete's catalog partition: its profile, cards and sets (one Query). */
/** Before data version 3 the whole catalog was this one partition (read only to refuse old data). */
export const legacyCatalogPartition = 'CATALOG';
/** Whether a partition is the catalog's (any of the families above). */
export const isCatalogPartition = (pk: string) => pk.startsWith('CATALOG#');
export const catalogAthletePartition = (id: number) => `CATALOG#ATHLETE#${id}`;
/** The profile, listed on GSI1 in id order (featured athletes, tools). */
export const catalogAthlete = (id: number) => ({ PK: `CATALOG#ATHLETE#${id}`, SK: 'PROFILE' });
export const catalogAthleteListing = (id: number) => ({ GSI1PK: 'CATALOG#ATHLETES', GSI1SK: pad(id, 9) });
export const catalogAthletesListing = 'CATALOG#ATHLETES';
export const catalogCard = (athleteId: number, cardId: number) => ({ PK: `CATALOG#ATHLETE#${athleteId}`, SK: `CARD#${pad(cardId, 4)}` });
export const catalogCardPrefix = 'CARD#';
export const catalogSet = (athleteId: number, setId: number) => ({ PK: `CATALOG#ATHLETE#${athleteId}`, SK: `SET#${pad(setId, 4)}` });
export const catalogSetPrefix = 'SET#';
export const catalogSchoolsPartition = 'CATALOG#SCHOOLS';
export const catalogSchool = (id: number) => ({ PK: 'CATALOG#SCHOOLS', SK: `SCHOOL#${pad(id)}` });
export const catalogSchoolPartition = (schoolId: number) => `CATALOG#SCHOOL#${schoolId}`;
export const catalogMerch = (schoolId: number, id: number) => ({ PK: `CATALOG#SCHOOL#${schoolId}`, SK: `MERCH#${pad(id)}` });
export const catalogMerchPrefix = 'MERCH#';
/** A sport's name as a key part (lowercase, URI-encoded: no '#' or spaces). */
export const sportKey = (sport: string) => encodeURIComponent(String(sport).trim().toLowerCase());
/** Roster counts of one sport at a school (athletes, and athletes per position). */
export const catalogSport = (schoolId: number, sport: string) => ({ PK: `CATALOG#SCHOOL#${schoolId}`, SK: `SPORT#${sportKey(sport)}` });
export const catalogSportPrefix = 'SPORT#';
/** Jersey order: numbered athletes first by number (shared/catalog/search.ts compareRoster), then the rest. */
function jerseyKey(number: string): string {
  const n = Number.parseInt(number, 10);
  return Number.isFinite(n) && n >= 0 ? `0${pad(Math.min(n, 99_999), 5)}` : '1';
}
/** One athlete on a school's roster, sorted by sport, jersey number, name, id. */
export const catalogRoster = (schoolId: number, sport: string, number: string, name: string, athleteId: number) => ({
  PK: `CATALOG#SCHOOL#${schoolId}`,
  SK: `ROSTER#${sportKey(sport)}#${jerseyKey(number)}#${String(name).trim().toLowerCase().slice(0, 120)}#${pad(athleteId, 9)}`,
});
export const catalogRosterAll = 'ROSTER#';
export const catalogRosterPrefix = (sport?: string) => (sport === undefined ? catalogRosterAll : `${catalogRosterAll}${sportKey(sport)}#`);
export const catalogCollectivesPartition = 'CATALOG#COLLECTIVES';
/** A collective and its members' ids; on GSI1 it heads its dashboard's partition (one Query). */
export const catalogCollective = (id: number) => ({ PK: 'CATALOG#COLLECTIVES', SK: `COLLECTIVE#${pad(id)}`, GSI1PK: `COLL#${id}`, GSI1SK: 'META' });
export const catalogMemberPartition = (collectiveId: number) => `CATALOG#COLLECTIVE#${collectiveId}`;
export const catalogMember = (collectiveId: number, athleteId: number) => ({ PK: `CATALOG#COLLECTIVE#${collectiveId}`, SK: `MEMBER#${pad(athleteId, 9)}` });
export const catalogMemberPrefix = 'MEMBER#';
export const catalogProduct = (productId: string) => ({ PK: `CATALOG#PRODUCT#${productId}`, SK: 'CARD' });
/** Athletes by full name (lowercase words joined by one space): ingestion's title rule looks up
 * the names a product title contains when no school is known. */
export const catalogName = (name: string) => ({ PK: `CATALOG#NAME#${name}`, SK: 'ATHLETES' });
export const searchPartition = 'CATALOG#SEARCH';
/** Versions of the search snapshot's chunks and of the schools list (search functions poll it). */
export const searchManifest = () => ({ PK: 'CATALOG#SEARCH', SK: 'MANIFEST' });
export const SEARCH_CHUNK_SIZE = 256;
export const searchChunkOf = (athleteId: number) => Math.floor(athleteId / SEARCH_CHUNK_SIZE);
/** The search entries of athletes chunk*256 .. chunk*256+255. */
export const searchChunk = (chunk: number) => ({ PK: 'CATALOG#SEARCH', SK: `ATHLETES#${pad(chunk)}` });
export const searchChunkPrefix = 'ATHLETES#';
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
/** An order's parked delivery, or a delivery whose order id could not be read (by its webhook id). */
export const parkedOrder = (orderId: string) => ({ PK: 'PARKED', SK: `ORDER#${orderId}` });
export const parkedDelivery = (webhookId: string) => ({ PK: 'PARKED', SK: `WEBHOOK#${webhookId}` });
export const buyerOrdersIndex = (buyerKey: string, createdAt: string, orderId: string) => ({ GSI1PK: `BUYER#${buyerKey}`, GSI1SK: `${createdAt}#${orderId}` });
export const buyerPartition = (buyerKey: string) => `BUYER#${buyerKey}`;
export const athletePartition = (athleteId: number) => `ATHLETE#${athleteId}`;
export const sale = (athleteId: number, createdAt: string, orderId: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `SALE#${createdAt}#${orderId}` });
export const salePrefix = 'SALE#';
export const aggTotal = (athleteId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: 'AGG#TOTAL' });
export const aggMonth = (athleteId: number, month: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `AGG#M#${month}` });
export const aggPrefix = 'AGG#';
export const fan = (athleteId: number, buyerKey: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `FAN#${buyerKey}` });
export const fanPrefix = 'FAN#';
/** A fan's holding on the buyer's collection index (My Collection: one Query per page of athletes). */
export const collectorIndex = (buyerKey: string, athleteId: number) => ({ GSI1PK: `COLLECTOR#${buyerKey}`, GSI1SK: pad(athleteId, 9) });
export const collectorPartition = (buyerKey: string) => `COLLECTOR#${buyerKey}`;
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
export const collectiveAthleteTotal = (collectiveId: number, athleteId: number) => ({
  GSI1PK: `COLL#${collectiveId}`,
  GSI1SK: `ATHLETE#${pad(athleteId)}#TOTAL`,
});
export const collectiveAthleteMonth = (collectiveId: number, athleteId: number, month: string) => ({
  GSI1PK: `COLL#${collectiveId}`,
  GSI1SK: `ATHLETE#${pad(athleteId)}#M#${month}`,
});
export const collectiveDonationMonth = (collectiveId: number, month: string) => ({ GSI1PK: `COLL#${collectiveId}`, GSI1SK: `DON#M#${month}` });
/** GSI1 keys of a collective's transaction feed, newest first. */
export const transactionsPartition = (collectiveId: number) => `COLL#${collectiveId}#TXN`;
export const saleTransaction = (collectiveId: number, createdAt: string, orderId: string, athleteId: number) => ({
  GSI1PK: `COLL#${collectiveId}#TXN`,
  GSI1SK: `${createdAt}#SALE#${orderId}#${athleteId}`,
});
export const donation = (collectiveId: number, date: string, id: string) => ({
  PK: `COLLECTIVE#${collectiveId}`,
  SK: `DONATION#${date}#${id}`,
  GSI1PK: `COLL#${collectiveId}#TXN`,
  GSI1SK: `${date}#DON#${id}`,
});
export const donationMonth = (collectiveId: number, month: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `DAGG#M#${month}` });
/** A donation's id -> its date (the donation's key), for allocations by id. */
export const donationRef = (collectiveId: number, donationId: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `DONATIONREF#${donationId}` });
/** One athlete's share of one allocation request of a donation (its idempotency record). */
export const allocation = (collectiveId: number, donationId: string, athleteId: number, requestHash: string) => ({
  PK: `COLLECTIVE#${collectiveId}`,
  SK: `ALLOC#${donationId}#${pad(athleteId)}#${requestHash}`,
});
/** Payout batches (ids start with their creation time: newest last in SK order) and the idempotency
 * keys that created them. */
export const payoutBatch = (collectiveId: number, batchId: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `BATCH#${batchId}` });
export const payoutBatchPrefix = 'BATCH#';
export const payoutBatchKey = (collectiveId: number, keyHash: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `BATCHKEY#${keyHash}` });
/** One athlete's payout in a batch (status sent/paid), with its line in the transaction feed. */
export const payoutLine = (collectiveId: number, batchId: string, athleteId: number) => ({
  PK: `COLLECTIVE#${collectiveId}`,
  SK: `PAYOUT#${batchId}#${pad(athleteId)}`,
});
export const payoutLinePrefix = (batchId: string) => `PAYOUT#${batchId}#`;
export const payoutLineTransaction = (collectiveId: number, createdAt: string, batchId: string, athleteId: number) => ({
  GSI1PK: `COLL#${collectiveId}#TXN`,
  GSI1SK: `${createdAt}#PAY#${batchId}-${athleteId}`,
});
/** The athlete's copy of its payouts (the athlete's Payouts tab reads its own partition). */
export const athletePayout = (athleteId: number, batchId: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `PAYOUT#${batchId}` });
export const athletePayoutPrefix = 'PAYOUT#';
/** Per athlete and calendar year: payments made (1099-NEC), W-9 status, NIL disclosure reporting. */
export const athleteYear = (athleteId: number, year: number) => ({ PK: `ATHLETE#${athleteId}`, SK: `YEAR#${year}` });
/** Unattributed lines per school (0: no known school: the platform inbox, seen by operators only). */
export const unattributedPartition = (schoolId: number) => `UNATTR#${schoolId}`;
export const unattributedOrder = (schoolId: number, createdAt: string, orderId: string) => ({ PK: `UNATTR#${schoolId}`, SK: `ORDER#${createdAt}#${orderId}` });
export const unattributedOrderPrefix = 'ORDER#';
export const unattributedTotal = (schoolId: number) => ({ PK: `UNATTR#${schoolId}`, SK: 'AGG' });
/** Sales a collective should look at (oversold editions, cards sold while locked). */
export const flag = (collectiveId: number, createdAt: string, orderId: string, athleteId: number) => ({
  PK: `COLLECTIVE#${collectiveId}`,
  SK: `FLAG#${createdAt}#${orderId}#${athleteId}`,
});
export const flagPrefix = 'FLAG#';
/** Onboarding (lambdas/onboarding/onboarding-repo.ts). An invite, keyed by the SHA-256 of its code
 * (the code itself is never stored), listed per collective on GSI1. */
export const invite = (codeHash: string) => ({ PK: `INVITE#${codeHash}`, SK: 'INVITE' });
export const collectiveInvites = (collectiveId: number, createdAt: string) => ({ GSI1PK: `INVITES#COLL#${collectiveId}`, GSI1SK: createdAt });
export const collectiveInvitesPartition = (collectiveId: number) => `INVITES#COLL#${collectiveId}`;
/** A profile request from /create-profile (one per account), listed per school on GSI1. */
export const profileRequest = (requestId: string) => ({ PK: `PROFILEREQ#${requestId}`, SK: 'REQUEST' });
export const schoolProfileRequests = (schoolId: number, createdAt: string) => ({ GSI1PK: `PROFILEREQS#SCHOOL#${schoolId}`, GSI1SK: createdAt });
export const schoolProfileRequestsPartition = (schoolId: number) => `PROFILEREQS#SCHOOL#${schoolId}`;
/** The account linked to an athlete: one account per athlete, whichever way it was linked. */
export const athleteAccount = (athleteId: number) => ({ PK: `ACCOUNT#ATHLETE#${athleteId}`, SK: 'ACCOUNT' });
export const waitlist = (email: string) => ({ PK: `WAITLIST#${email}`, SK: 'WAITLIST' });
export const webhook = (webhookId: string) => ({ PK: `WEBHOOK#${webhookId}`, SK: 'WEBHOOK' });
/** Reconciliation with the Shopify Admin API (lambdas/orders/reconcile.ts): the updated_at
 * checkpoint of the last complete run, and the synthetic webhook ids that make reruns no-ops. */
export const reconcileCheckpoint = { PK: 'RECONCILE', SK: 'CHECKPOINT' };
export const reconcileOrderDelivery = (orderId: string, updatedAt: string) => `reconcile:order:${orderId}:${updatedAt}`;
export const reconcileRefundDelivery = (refundId: string) => `reconcile:refund:${refundId}`;

/** Local mode's own items (scripts/lib/seed.ts): no deployed function writes them, so they have no
 * write pattern (key-access.ts) and sit in this object rather than among the builders above. */
export const localMode = {
  /** The data format local mode's .data/ holds (LOCAL_DATA_VERSION). */
  dataVersion: { PK: 'LOCALMODE', SK: 'DATA_VERSION' },
};

export const GSI1 = 'GSI1';

const ISO = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z`;
const ID = String.raw`\d{1,30}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a valid cursor of each paginated read looks like (lambdas/platform/http.ts cursorParam). */
export const cursorSpecs = {
  /** A sport roster page: a roster key of that sport, never another sport's or another school's. */
  roster: (schoolId: number, sport: string) => ({
    fields: { SK: new RegExp(`^${escapeRegExp(catalogRosterPrefix(sport))}[01]\\d{0,5}#[^\\n]{0,120}#\\d{9}$`) },
    partition: { PK: catalogSchoolPartition(schoolId) },
  }),
  collectiveMembers: (collectiveId: number) => ({
    fields: { SK: /^MEMBER#\d{9}$/ },
    partition: { PK: catalogMemberPartition(collectiveId) },
  }),
  athleteSales: (athleteId: number) => ({
    fields: { SK: new RegExp(`^SALE#${ISO}#${ID}$`) },
    partition: { PK: `ATHLETE#${athleteId}` },
  }),
  buyerOrders: (buyerKey: string) => ({
    fields: { PK: new RegExp(`^ORDER#${ID}$`), SK: /^ORDER$/, GSI1SK: new RegExp(`^${ISO}#${ID}$`) },
    partition: { GSI1PK: `BUYER#${buyerKey}` },
  }),
  buyerCollection: (buyerKey: string) => ({
    fields: { PK: /^ATHLETE#\d{1,9}$/, SK: /^FAN#[\w-]{1,100}$/, GSI1SK: /^\d{9}$/ },
    partition: { GSI1PK: `COLLECTOR#${buyerKey}` },
  }),
  /** A page of one school's unattributed orders (0: the platform inbox), newest first. */
  unattributedOrders: (schoolId: number) => ({
    fields: { SK: new RegExp(`^ORDER#${ISO}#${ID}$`) },
    partition: { PK: unattributedPartition(schoolId) },
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
