// Every key of the Orders table, built and read back here only: the PK, SK and GSI1 values of each
// item family (docs/ARCHITECTURE.md, "Data model" and "Catalog", describes what each item holds),
// the sort key prefixes and bounds the reads use, the parsers of keys read back (the settle
// stream, verify, the collective's figures, an athlete's fans), the cursors' shapes and the write
// permissions' PK patterns. No other file writes a key prefix: ESLint refuses one in lambdas/ and
// scripts/ (eslint.config.js, "keys.ts owns every key string"). An applied snapshot's group id
// (`A#<athlete>`, `U#<school>`) is ingestion's own notion: shared/orders/contribution.ts makes and
// reads it, appliedGroup puts it in a key.
//
// One named export per builder, so each bundle keeps only the builders it uses (callers write
// `import * as keys from '#lambdas/platform/keys'` and `keys.order(id)`).
import { createHash } from 'node:crypto';

const pad = (n: number, width = 6) => String(n).padStart(width, '0');

// The prefixes, as plain strings (a bundle drops those its builders do not use; a template
// literal would stay in every bundle).
const CATALOG = 'CATALOG#';
const CATALOG_ATHLETE = 'CATALOG#ATHLETE#';
const CATALOG_SCHOOL = 'CATALOG#SCHOOL#';
const CATALOG_COLLECTIVE = 'CATALOG#COLLECTIVE#';
const CATALOG_PRODUCT = 'CATALOG#PRODUCT#';
const CATALOG_NAME = 'CATALOG#NAME#';
const ORDER = 'ORDER#';
const APPLIED = 'APPLIED#';
const PENDING = 'PENDING#';
const PARKED = 'PARKED';
const WEBHOOK = 'WEBHOOK#';
const BUYER = 'BUYER#';
const ATHLETE = 'ATHLETE#';
const COLLECTIVE = 'COLLECTIVE#';
const COLL = 'COLL#';
const UNATTR = 'UNATTR#';
const SALE = 'SALE#';
const AGG = 'AGG#';
const AGG_TOTAL = 'AGG#TOTAL';
const AGG_MONTH = 'AGG#M#';
const FAN = 'FAN#';
const TOPFAN = 'TOPFAN#';
const LEDGER = 'LEDGER#';
const POST = 'POST#';
const PAYOUT = 'PAYOUT#';
const DONATION = 'DONATION#';
const DONATION_MONTH = 'DAGG#M#';
const DONATION_COMMENT = 'DCOMMENT#';
const SUPPORTER_WALL = 'DWALL#';
const MEMBERSHIP = 'MEMBERSHIP#';
const INVITE = 'INVITE#';
const PROFILE_REQUEST = 'PROFILEREQ#';
const ACCOUNT = 'ACCOUNT#';
const WAITLIST = 'WAITLIST#';
const APPLICATION = 'APPLICATION#';
const APPLICATIONS = 'APPLICATIONS#';
const APPLICANT = 'APPLICANT#';
const SCHOOL_CLAIM = 'SCHOOLCLAIM#';
const CHECKLIST = 'CHECKLIST#';
const RECONCILE = 'RECONCILE';
const PRIVACY = 'PRIVACY#';
const STRIPE_ACCOUNT = 'STRIPEACCT#';
const STRIPE_EVENT = 'STRIPEEVENT#';
const PAY_ACCOUNT = 'PAYACCOUNT';
const COLLECTIVE_META = 'META';
const PERSON = 'PERSON#';
const DISPLAY_NAME = 'DISPLAYNAME#';
const NOTIFY = 'NOTIFY#';
const NOTE = 'NOTE#';
const OUTBOX = 'OUTBOX#';
const AUDIT = 'AUDIT#';
const SUPPRESSED = 'SUPPRESSED#';
const DIGEST = 'DIGEST#';
const BOARD = 'BOARD#';
const FANOUT = 'FANOUT#';
const FOLLOWERS = 'FOLLOWERS#';
const FOLLOWS = 'FOLLOWS#';
const ACTIVITY = 'ACTIVITY#';
const DROPS = 'DROPS';
const DROP_START = 'START#';
const DROP_END = 'END#';
const DROP_SHOPIFY = 'SHOPIFY#';

// ---- the catalog ---------------------------------------------------------------------------------
// One item per entity (lambdas/catalog/catalog-items.ts builds them; the admin, cards and onboarding
// functions write them): no page reads more than the entities it shows.
//   CATALOG#ATHLETE#{id}     PROFILE, CARD#{card}, SET#{set}       an athlete, its cards and sets
//   CATALOG#SCHOOLS          SCHOOL#{id}                           every school (few hundred)
//   CATALOG#SCHOOL#{id}      MERCH#{id}, SPORT#{sport}, ROSTER#... its merch, sports and roster
//   CATALOG#COLLECTIVES      COLLECTIVE#{id}                       every collective (GSI1 COLL#{id} META)
//   CATALOG#COLLECTIVE#{id}  MEMBER#{athlete}                      its members, paginated
//   CATALOG#PRODUCT#{pid}    CARD                                  Shopify product -> card
//   CATALOG#NAME#{name}      ATHLETES                              full name -> athlete ids (title rule)
//   CATALOG#FOLD#{fold}      ATHLETES                              folded name -> athlete ids (name guard)
//   CATALOG#SEARCH           MANIFEST, BLOCK#{block}               the search blocks (ATHLETES#{chunk}: before data version 6)
//   CATALOG#ATHLETES (GSI1)  {id, 9 digits}                        every profile, in id order

/** Before data version 3 the whole catalog was this one partition (read only to refuse old data). */
export const legacyCatalogPartition = 'CATALOG';
/** Whether a partition is the catalog's (any of the families above). */
export const isCatalogPartition = (pk: string) => pk.startsWith(CATALOG);
/** An athlete's catalog partition: its profile, cards and sets (one Query). */
export const catalogAthletePartition = (id: number) => `${CATALOG_ATHLETE}${id}`;
/** Whether a partition is an athlete's catalog partition. */
export const isCatalogAthletePartition = (pk: string) => pk.startsWith(CATALOG_ATHLETE);
/** The profile, listed on GSI1 in id order (featured athletes, tools). */
export const catalogAthlete = (id: number) => ({ PK: catalogAthletePartition(id), SK: 'PROFILE' });
/** Whether an item of an athlete's catalog partition is its profile (not a card or a set). */
export const isCatalogProfile = (sk: string) => sk === 'PROFILE';
export const catalogAthletesListing = 'CATALOG#ATHLETES';
export const catalogAthleteListing = (id: number) => ({ GSI1PK: catalogAthletesListing, GSI1SK: pad(id, 9) });
export const catalogCard = (athleteId: number, cardId: number) => ({ PK: catalogAthletePartition(athleteId), SK: `${catalogCardPrefix}${pad(cardId, 4)}` });
export const catalogCardPrefix = 'CARD#';
export const catalogSet = (athleteId: number, setId: number) => ({ PK: catalogAthletePartition(athleteId), SK: `${catalogSetPrefix}${pad(setId, 4)}` });
export const catalogSetPrefix = 'SET#';
/** Cards on sale, newest published first (the storefront's new and live cards, decision 0017): GSI1
 * attributes of the card item itself, present while the card is published (catalog-items.ts
 * cardItem), so every card write keeps the listing and a retirement takes the card off it. */
export const catalogLiveCardsListing = 'CATALOG#CARDS#LIVE';
export const catalogLiveCard = (publishedAt: string, athleteId: number, cardId: number) => ({
  GSI1PK: catalogLiveCardsListing,
  GSI1SK: `${publishedAt}#${pad(athleteId, 9)}#${pad(cardId, 4)}`,
});
export const catalogSchoolsPartition = 'CATALOG#SCHOOLS';
export const catalogSchoolPrefix = 'SCHOOL#';
export const catalogSchool = (id: number) => ({ PK: catalogSchoolsPartition, SK: `${catalogSchoolPrefix}${pad(id)}` });
export const catalogSchoolPartition = (schoolId: number) => `${CATALOG_SCHOOL}${schoolId}`;
export const catalogMerch = (schoolId: number, id: number) => ({ PK: catalogSchoolPartition(schoolId), SK: `${catalogMerchPrefix}${pad(id)}` });
export const catalogMerchPrefix = 'MERCH#';
/** Which collective's support page the school's page links to (written with the support page's settings). */
export const catalogSchoolSupport = (schoolId: number) => ({ PK: catalogSchoolPartition(schoolId), SK: 'SUPPORT' });
/** A sport's name as a key part (lowercase, URI-encoded: no '#' or spaces). */
export const sportKey = (sport: string) => encodeURIComponent(String(sport).trim().toLowerCase());
/** Roster counts of one sport at a school (athletes, and athletes per position). */
export const catalogSport = (schoolId: number, sport: string) => ({ PK: catalogSchoolPartition(schoolId), SK: `${catalogSportPrefix}${sportKey(sport)}` });
export const catalogSportPrefix = 'SPORT#';
/** Jersey order: numbered athletes first by number (shared/catalog/search.ts compareRoster), then the rest. */
function jerseyKey(number: string): string {
  const n = Number.parseInt(number, 10);
  return Number.isFinite(n) && n >= 0 ? `0${pad(Math.min(n, 99_999), 5)}` : '1';
}
/** One athlete on a school's roster, sorted by sport, jersey number, name, id. */
export const catalogRoster = (schoolId: number, sport: string, number: string, name: string, athleteId: number) => ({
  PK: catalogSchoolPartition(schoolId),
  SK: `${catalogRosterPrefix(sport)}${jerseyKey(number)}#${String(name).trim().toLowerCase().slice(0, 120)}#${pad(athleteId, 9)}`,
});
export const catalogRosterAll = 'ROSTER#';
export const catalogRosterPrefix = (sport?: string) => (sport === undefined ? catalogRosterAll : `${catalogRosterAll}${sportKey(sport)}#`);
export const catalogCollectivesPartition = 'CATALOG#COLLECTIVES';
export const catalogCollectivePrefix = 'COLLECTIVE#';
/** A collective and its members' ids; on GSI1 it heads its dashboard's partition (one Query). */
export const catalogCollective = (id: number) => ({
  PK: catalogCollectivesPartition,
  SK: `${catalogCollectivePrefix}${pad(id)}`,
  GSI1PK: collectivePartition(id),
  GSI1SK: COLLECTIVE_META,
});
export const catalogMemberPartition = (collectiveId: number) => `${CATALOG_COLLECTIVE}${collectiveId}`;
export const catalogMember = (collectiveId: number, athleteId: number) => ({
  PK: catalogMemberPartition(collectiveId),
  SK: `${catalogMemberPrefix}${pad(athleteId, 9)}`,
});
export const catalogMemberPrefix = 'MEMBER#';
export const catalogProduct = (productId: string) => ({ PK: `${CATALOG_PRODUCT}${productId}`, SK: 'CARD' });
/** Athletes by full name (lowercase words joined by one space): ingestion's title rule looks up
 * the names a product title contains when no school is known. */
export const catalogName = (name: string) => ({ PK: `${CATALOG_NAME}${name}`, SK: 'ATHLETES' });
/** Athletes by folded full name (shared/platform/name-guard.ts athleteFoldKey): the name guard looks
 * up the folds a fan's or donor's name contains (decision 0026). Written with the athlete. */
export const catalogFoldedName = (fold: string) => ({ PK: `${CATALOG}FOLD#${fold}`, SK: 'ATHLETES' });
export const searchPartition = 'CATALOG#SEARCH';
/** Versions of the search blocks and of the schools list (search functions poll it). */
export const searchManifest = () => ({ PK: searchPartition, SK: 'MANIFEST' });
/** A search block: what queries match of athletes block*8192 .. block*8192+8191
 * (shared/catalog/search-blocks.ts, lambdas/catalog/search-writes.ts). */
export const searchBlock = (block: number) => ({ PK: searchPartition, SK: `${searchBlockPrefix}${pad(block)}` });
export const searchBlockPrefix = 'BLOCK#';
/** Before data version 6 the search snapshot held athletes in chunks of 256 (the catalog migration deletes them). */
export const legacySearchChunkPrefix = 'ATHLETES#';

// ---- orders and ingestion ------------------------------------------------------------------------

export const order = (orderId: string) => ({ PK: `${ORDER}${orderId}`, SK: 'ORDER' });
/** What one order has applied to one group of figures (an athlete, a school's unattributed list:
 * shared/orders/contribution.ts athleteGroupId, unattributedGroupId). */
export const appliedGroup = (orderId: string, groupId: string) => ({ PK: `${ORDER}${orderId}`, SK: `${APPLIED}${groupId}` });
export const appliedPrefix = APPLIED;
/** Orders whose effects are not all applied yet: the settle sweeper's work list, spread over a few
 * partitions (by the order id's last digit) so a burst of orders never makes one hot partition. */
export const PENDING_SHARDS = 10;
export const pendingPartitions = () => Array.from({ length: PENDING_SHARDS }, (_, i) => `${PENDING}${i}`);
export const pendingOrder = (orderId: string) => ({ PK: `${PENDING}${Number(orderId.slice(-1)) % PENDING_SHARDS || 0}`, SK: `${ORDER}${orderId}` });
/** The prefix of the pending partitions (the settle function's stream filter). */
export const pendingPrefix = PENDING;
/** Signed deliveries refused for an operator (another currency, unstorable, malformed). */
export const parkedPartition = PARKED;
/** An order's parked delivery, or a delivery whose order id could not be read (by its webhook id). */
export const parkedOrder = (orderId: string) => ({ PK: PARKED, SK: `${ORDER}${orderId}` });
export const parkedDelivery = (webhookId: string) => ({ PK: PARKED, SK: `${WEBHOOK}${webhookId}` });
export const webhook = (webhookId: string) => ({ PK: `${WEBHOOK}${webhookId}`, SK: 'WEBHOOK' });
export const buyerOrdersIndex = (buyerKey: string, createdAt: string, orderId: string) => ({
  GSI1PK: buyerPartition(buyerKey),
  GSI1SK: `${createdAt}#${orderId}`,
});
export const buyerPartition = (buyerKey: string) => `${BUYER}${buyerKey}`;
/** Reconciliation with the Shopify Admin API (lambdas/orders/reconcile.ts): the updated_at
 * checkpoint of the last complete run, and the synthetic webhook ids that make reruns no-ops. */
export const reconcileCheckpoint = { PK: RECONCILE, SK: 'CHECKPOINT' };
export const reconcileOrderDelivery = (orderId: string, updatedAt: string) => `reconcile:order:${orderId}:${updatedAt}`;
export const reconcileRefundDelivery = (refundId: string) => `reconcile:refund:${refundId}`;
/** Unattributed lines per school (0: no known school: the platform inbox, seen by operators only). */
export const unattributedPartition = (schoolId: number) => `${UNATTR}${schoolId}`;
export const unattributedOrder = (schoolId: number, createdAt: string, orderId: string) => ({
  PK: unattributedPartition(schoolId),
  SK: `${unattributedOrderPrefix}${createdAt}#${orderId}`,
});
export const unattributedOrderPrefix = ORDER;
export const unattributedTotal = (schoolId: number) => ({ PK: unattributedPartition(schoolId), SK: 'AGG' });

// ---- an athlete's figures, fans, ledger and posts ----------------------------------------------------

export const athletePartition = (athleteId: number) => `${ATHLETE}${athleteId}`;
export const sale = (athleteId: number, createdAt: string, orderId: string) => ({ PK: athletePartition(athleteId), SK: `${SALE}${createdAt}#${orderId}` });
export const salePrefix = SALE;
/** The sale lines' sort keys at `at` (ISO time): lines of orders created before `at` sort below it (the daily figures' range). */
export const saleBound = (at: string) => `${SALE}${at}`;
export const aggTotal = (athleteId: number) => ({ PK: athletePartition(athleteId), SK: AGG_TOTAL });
export const aggMonth = (athleteId: number, month: string) => ({ PK: athletePartition(athleteId), SK: `${AGG_MONTH}${month}` });
export const aggPrefix = AGG;
export const aggMonthPrefix = AGG_MONTH;
export const fan = (athleteId: number, buyerKey: string) => ({ PK: athletePartition(athleteId), SK: `${FAN}${buyerKey}` });
export const fanPrefix = FAN;
/** A fan's holding on the buyer's collection index (My Collection: one Query per page of athletes). */
export const collectorIndex = (buyerKey: string, athleteId: number) => ({ GSI1PK: collectorPartition(buyerKey), GSI1SK: pad(athleteId, 9) });
export const collectorPartition = (buyerKey: string) => `COLLECTOR#${buyerKey}`;
export const topFan = (athleteId: number, buyerKey: string) => ({ PK: athletePartition(athleteId), SK: `${TOPFAN}${buyerKey}` });
export const topFanPrefix = TOPFAN;
/** The athlete's earnings ledger, in recording order (time, then sequence number). */
export const ledger = (athleteId: number, at: string, seq: number) => ({ PK: athletePartition(athleteId), SK: `${ledgerBound(at)}#${pad(seq, 10)}` });
export const ledgerPrefix = LEDGER;
/** The ledger's sort keys at `at` (ISO time): entries recorded before `at` sort below it. */
export const ledgerBound = (at: string) => `${LEDGER}${at}`;
/** Whether a text is a ledger entry's sort key (a statement page's cursor). */
export const isLedgerSortKey = (sk: string) => /^LEDGER#[\dT:.Z-]{20,30}#\d{10}$/.test(sk);
export const post = (athleteId: number, postId: number) => ({ PK: athletePartition(athleteId), SK: `${POST}${pad(postId, 9)}` });
export const postPrefix = POST;
export const postSequence = (athleteId: number) => ({ PK: athletePartition(athleteId), SK: 'POSTSEQ' });

// ---- a collective's figures (GSI1), donations and payouts -------------------------------------------

/** GSI1 keys that gather a collective's figures (one Query for the overview). */
export const collectivePartition = (collectiveId: number) => `${COLL}${collectiveId}`;
export const collectiveAthleteTotal = (collectiveId: number, athleteId: number) => ({
  GSI1PK: collectivePartition(collectiveId),
  GSI1SK: `${ATHLETE}${pad(athleteId)}#TOTAL`,
});
export const collectiveAthleteMonth = (collectiveId: number, athleteId: number, month: string) => ({
  GSI1PK: collectivePartition(collectiveId),
  GSI1SK: `${ATHLETE}${pad(athleteId)}#M#${month}`,
});
export const collectiveDonationMonth = (collectiveId: number, month: string) => ({ GSI1PK: collectivePartition(collectiveId), GSI1SK: `DON#M#${month}` });
/** What an item of a collective's figures partition (GSI1 COLL#<c>) is, by its GSI1SK. */
export function collectiveFigureOf(gsi1sk: string): 'collective' | 'athleteTotal' | 'athleteMonth' | 'donationMonth' | null {
  if (gsi1sk === COLLECTIVE_META) return 'collective';
  if (gsi1sk.startsWith(ATHLETE)) return gsi1sk.endsWith('#TOTAL') ? 'athleteTotal' : 'athleteMonth';
  return gsi1sk.startsWith('DON#M#') ? 'donationMonth' : null;
}
/** GSI1 keys of a collective's transaction feed, newest first. */
export const transactionsPartition = (collectiveId: number) => `${collectivePartition(collectiveId)}#TXN`;
export const saleTransaction = (collectiveId: number, createdAt: string, orderId: string, athleteId: number) => ({
  GSI1PK: transactionsPartition(collectiveId),
  GSI1SK: `${createdAt}#SALE#${orderId}#${athleteId}`,
});
/** The transaction feed's GSI1SK at `at` (ISO time): lines dated before `at` sort below it (the daily figures' range). */
export const transactionBound = (at: string) => at;
/** What a line of a collective's transaction feed is, by its GSI1SK (a sale, a donation, else a payout). */
export const transactionOf = (gsi1sk: string): 'sale' | 'donation' | 'payout' =>
  gsi1sk.includes('#SALE#') ? 'sale' : gsi1sk.includes('#DON#') ? 'donation' : 'payout';
/** A collective's own partition: donations and their months, payout batches and lines, allocations, flags. */
export const collectiveRecordsPartition = (collectiveId: number) => `${COLLECTIVE}${collectiveId}`;
export const donation = (collectiveId: number, date: string, id: string) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${DONATION}${date}#${id}`,
  GSI1PK: transactionsPartition(collectiveId),
  GSI1SK: `${date}#DON#${id}`,
});
/** The donations' sort key prefix in a collective's partition (not DONATIONREF#: its `#` comes later). */
export const donationPrefix = DONATION;
export const donationMonth = (collectiveId: number, month: string) => ({ PK: collectiveRecordsPartition(collectiveId), SK: `${DONATION_MONTH}${month}` });
/** The month aggregates' sort key prefix (the athlete panel's Monthly Donations: one Query). */
export const donationMonthPrefix = DONATION_MONTH;
/** A collective's donations in all: amount net of refunds and count (the athlete panel's Total Donations). */
export const donationTotal = (collectiveId: number) => ({ PK: collectiveRecordsPartition(collectiveId), SK: 'DAGG#TOTAL' });
/** A donor's comment, newest last in SK order (the athlete panel's Comments: one bounded Query). */
export const donationComment = (collectiveId: number, date: string, donationId: string) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${DONATION_COMMENT}${date}#${donationId}`,
});
export const donationCommentPrefix = DONATION_COMMENT;
/** A named supporter on the support page's wall (a gift, or a membership's first month), newest last in SK order. */
export const supporterWall = (collectiveId: number, date: string, donationId: string) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${SUPPORTER_WALL}${date}#${donationId}`,
});
export const supporterWallPrefix = SUPPORTER_WALL;
/** The support page's settings (pitch, membership tiers, one-time gifts, the platform fee; versioned). */
export const supportSettings = (collectiveId: number) => ({ PK: collectiveRecordsPartition(collectiveId), SK: 'SUPPORT' });
/** Active members per tier (one counter field per tier id). */
export const supportMembers = (collectiveId: number) => ({ PK: collectiveRecordsPartition(collectiveId), SK: 'SUPPORT#MEMBERS' });
/** A monthly membership: one Stripe subscription on the collective's account. */
export const membership = (collectiveId: number, subscriptionId: string) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${MEMBERSHIP}${subscriptionId}`,
});
export const membershipPrefix = MEMBERSHIP;
/** A donation's id -> its date (the donation's key), for allocations by id. */
export const donationRef = (collectiveId: number, donationId: string) => ({ PK: collectiveRecordsPartition(collectiveId), SK: `DONATIONREF#${donationId}` });
/** One athlete's share of one allocation request of a donation (its idempotency record). */
export const allocation = (collectiveId: number, donationId: string, athleteId: number, requestHash: string) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${allocationPrefix}${donationId}#${pad(athleteId)}#${requestHash}`,
});
/** Every allocation record of a collective (an athlete panel's donations allocated to the athlete: one bounded Query). */
export const allocationPrefix = 'ALLOC#';
/** An activation: a deliverable the collective pays one of its athletes for, which the athlete confirms
 * (docs/decisions/0027-activations.md). The collective's record and the athlete's copy, each listed
 * with one bounded Query of its partition. */
export const activation = (collectiveId: number, activationId: string) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${activationPrefix}${activationId}`,
});
export const athleteActivation = (athleteId: number, activationId: string) => ({ PK: athletePartition(athleteId), SK: `${activationPrefix}${activationId}` });
export const activationPrefix = 'ACTIVATION#';
/** The athlete's credit for a confirmed activation (its ledger entry's seq): at most one per activation. */
export const activationCredit = (athleteId: number, activationId: string) => ({ PK: athletePartition(athleteId), SK: `ACTCREDIT#${activationId}` });
/** Payout batches (ids start with their creation time: newest last in SK order) and the idempotency
 * keys that created them. */
export const payoutBatch = (collectiveId: number, batchId: string) => ({ PK: collectiveRecordsPartition(collectiveId), SK: `${payoutBatchPrefix}${batchId}` });
export const payoutBatchPrefix = 'BATCH#';
export const payoutBatchKey = (collectiveId: number, keyHash: string) => ({ PK: collectiveRecordsPartition(collectiveId), SK: `BATCHKEY#${keyHash}` });
/** One athlete's payout in a batch (status sent/paid), with its line in the transaction feed. */
export const payoutLine = (collectiveId: number, batchId: string, athleteId: number) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${payoutLinePrefix(batchId)}${pad(athleteId)}`,
});
export const payoutLinePrefix = (batchId: string) => `${PAYOUT}${batchId}#`;
/** Every payout line of a collective, and the bound below the lines of batches created from `year` on
 * (batch ids start with their creation time): the year-end tax export's range. */
export const payoutLinesPrefix = PAYOUT;
export const payoutLinesFrom = (year: number) => `${PAYOUT}${year}`;
export const payoutLineTransaction = (collectiveId: number, createdAt: string, batchId: string, athleteId: number) => ({
  GSI1PK: transactionsPartition(collectiveId),
  GSI1SK: `${createdAt}#PAY#${batchId}-${athleteId}`,
});
/** The athlete's copy of its payouts (the athlete's Payouts tab reads its own partition). */
export const athletePayout = (athleteId: number, batchId: string) => ({ PK: athletePartition(athleteId), SK: `${PAYOUT}${batchId}` });
export const athletePayoutPrefix = PAYOUT;
/** Per athlete and calendar year: payments made (1099-NEC), W-9 status, NIL disclosure reporting. */
export const athleteYear = (athleteId: number, year: number) => ({ PK: athletePartition(athleteId), SK: `YEAR#${year}` });
/** An athlete's NIL Go report of one record (a payor group's deal under one terms version): the day
 * reported and the reference (lambdas/money/nil-go-records.ts). */
export const nilGoReport = (athleteId: number, recordId: string) => ({ PK: athletePartition(athleteId), SK: `${nilGoReportPrefix}${recordId}` });
export const nilGoReportPrefix = 'NILGO#';
/** A collective's compliance settings: its payor group (common ownership), the tax form of allocated
 * donations, its school's own disclosure days (lambdas/money/compliance-settings.ts). */
export const complianceSettings = (collectiveId: number) => ({ PK: collectiveRecordsPartition(collectiveId), SK: 'COMPLIANCE' });
/** The Stripe connected account an athlete is paid through (its id and status flags only; lambdas/payments/connect-accounts.ts). */
export const athletePayAccount = (athleteId: number) => ({ PK: athletePartition(athleteId), SK: PAY_ACCOUNT });
/** The collective's own Stripe connected account (payor of record; donations are charged on it). */
export const collectivePayAccount = (collectiveId: number) => ({ PK: collectiveRecordsPartition(collectiveId), SK: PAY_ACCOUNT });
/** Sales a collective should look at (oversold editions, cards sold while locked). */
export const flag = (collectiveId: number, createdAt: string, orderId: string, athleteId: number) => ({
  PK: collectiveRecordsPartition(collectiveId),
  SK: `${flagPrefix}${createdAt}#${orderId}#${athleteId}`,
});
export const flagPrefix = 'FLAG#';

// ---- onboarding ---------------------------------------------------------------------------------

/** Onboarding (lambdas/onboarding/onboarding-repo.ts). An invite, keyed by the SHA-256 of its code
 * (the code itself is never stored), listed per collective on GSI1. */
export const invite = (codeHash: string) => ({ PK: `${INVITE}${codeHash}`, SK: 'INVITE' });
export const collectiveInvites = (collectiveId: number, createdAt: string) => ({ GSI1PK: collectiveInvitesPartition(collectiveId), GSI1SK: createdAt });
export const collectiveInvitesPartition = (collectiveId: number) => `INVITES#${COLL}${collectiveId}`;
/** A profile request from /create-profile (one per account), listed per school on GSI1. */
export const profileRequest = (requestId: string) => ({ PK: `${PROFILE_REQUEST}${requestId}`, SK: 'REQUEST' });
/** A profile request's id: derived from the account (one request per account), not revealing it. */
export const profileRequestIdOf = (sub: string) => createHash('sha256').update(`profile-request:${sub}`).digest('hex').slice(0, 32);
/** The profile request an account made, by the account (what its deletion forgets). */
export const accountProfileRequest = (sub: string) => profileRequest(profileRequestIdOf(sub));
export const schoolProfileRequests = (schoolId: number, createdAt: string) => ({ GSI1PK: schoolProfileRequestsPartition(schoolId), GSI1SK: createdAt });
export const schoolProfileRequestsPartition = (schoolId: number) => `PROFILEREQS#SCHOOL#${schoolId}`;
/** The account linked to an athlete: one account per athlete, whichever way it was linked. */
export const athleteAccount = (athleteId: number) => ({ PK: `${ACCOUNT}ATHLETE#${athleteId}`, SK: 'ACCOUNT' });
export const waitlist = (email: string) => ({ PK: `${WAITLIST}${email}`, SK: 'WAITLIST' });

// ---- privacy requests (Shopify's mandatory privacy webhooks) -------------------------------------------

/** One privacy request: a customer's data request or redaction, or a shop's redaction (lambdas/orders/privacy.ts). */
export const privacyRequest = (requestId: string) => ({ PK: `${PRIVACY}${requestId}`, SK: 'REQUEST' });
/** The operators' queue of privacy requests on GSI1, newest last in GSI1SK order. */
export const privacyRequestsPartition = 'PRIVACYREQUESTS';
export const privacyRequestListing = (receivedAt: string, requestId: string) => ({ GSI1PK: privacyRequestsPartition, GSI1SK: `${receivedAt}#${requestId}` });
// ---- people (issue 23: the age screen, a fan's own data) ---------------------------------------------

/** A person's age band (never the birth date), keyed by the buyer key of their verified email, so the
 * public lists (Top Fans, leaderboards) can look up the fans they show (lambdas/identity/age-bands.ts). */
export const personAge = (buyerKey: string) => ({ PK: `${PERSON}${buyerKey}`, SK: 'AGE' });
/** An account's pending deletion: the SHA-256 of the emailed code, its expiry and tries (lambdas/sales/account-deletion.ts). */
export const personDeletion = (buyerKey: string) => ({ PK: `${PERSON}${buyerKey}`, SK: 'DELETION' });
/** A fan's collector profile: the chosen display name and whether the public profile is on (issue 26;
 * lambdas/identity/display-names.ts). */
export const personProfile = (buyerKey: string) => ({ PK: `${PERSON}${buyerKey}`, SK: 'PROFILE' });
/** A display name's claim, by its key (letters and digits, lower case): one fan per name. */
export const displayNameClaim = (nameKey: string) => ({ PK: `${DISPLAY_NAME}${nameKey}`, SK: 'NAME' });
/** A deleted person's tombstone (lambdas/identity/forgotten.ts): written first when an account is
 * forgotten, checked by every writer of the person's own items (a follow, a profile, a notice to a
 * follower, the sender's claim), so an event racing the deletion or arriving after it reaches nobody.
 * Keyed by a keyed hash of the buyer key (forgotten.ts tombstoneId: the buyer key itself stays
 * nowhere once its person is forgotten), it expires after FORGOTTEN_DAYS; a new account with the same
 * email clears it. */
export const personForgotten = (tombstoneId: string) => ({ PK: `${PERSON}${tombstoneId}`, SK: 'FORGOTTEN' });
// ---- collective sign-up ---------------------------------------------------------------------------

/** A collective's application (lambdas/onboarding/collective-applications.ts). */
export const collectiveApplication = (applicationId: string) => ({ PK: `${APPLICATION}${applicationId}`, SK: 'APPLICATION' });
/** Applications by state on GSI1, newest first (the operators' console); moved when decided. */
export const applicationsPartition = (state: string) => `${APPLICATIONS}${state}`;
export const applicationsListing = (state: string, submittedAt: string, applicationId: string) => ({
  GSI1PK: applicationsPartition(state),
  GSI1SK: `${submittedAt}#${applicationId}`,
});
/** An account's current application and its state: one open application per account. */
export const applicantApplication = (sub: string) => ({ PK: `${APPLICANT}${sub}`, SK: 'APPLICATION' });
/** The account linked to a collective by its approved application. */
export const collectiveAccount = (collectiveId: number) => ({ PK: `${ACCOUNT}COLLECTIVE#${collectiveId}`, SK: 'ACCOUNT' });
/** One collective per school: written with the collective, in the approval's transaction, if absent. */
export const schoolCollectiveClaim = (schoolId: number) => ({ PK: `${SCHOOL_CLAIM}${schoolId}`, SK: 'COLLECTIVE' });
/** One school per name, by the name's fold (shared/platform/name-guard.ts foldName; before decision
 * 0026, its lowercase words): written with a new school. */
export const schoolNameClaim = (fold: string) => ({ PK: `${SCHOOL_CLAIM}NAME#${fold}`, SK: 'SCHOOL' });
/** One collective per name, by the name's fold (decision 0026): written with the collective at approval. */
export const collectiveNameClaim = (fold: string) => ({ PK: `${SCHOOL_CLAIM}COLLECTIVE-NAME#${fold}`, SK: 'COLLECTIVE' });
/** What a collective that signed up has done first (its dashboard's checklist), and its dismissal. */
export const collectiveChecklist = (collectiveId: number) => ({ PK: `${CHECKLIST}${collectiveId}`, SK: 'CHECKLIST' });
// ---- the payment rail (Stripe) ------------------------------------------------------------------------

/** A Stripe connected account -> the athlete or collective it belongs to (account.updated names only the account). */
export const stripeAccountOwner = (accountId: string) => ({ PK: `${STRIPE_ACCOUNT}${accountId}`, SK: 'OWNER' });
/** A Stripe event already applied (the Stripe webhook's deduplication; TTL `expiresAt`). */
export const stripeEvent = (eventId: string) => ({ PK: `${STRIPE_EVENT}${eventId}`, SK: 'EVENT' });

// ---- notifications and the audit log (lambdas/notifications/; docs/decisions/0025) -------------------
//   NOTIFY#{recipient}   NOTE#{at}#{event}     one notice: the in-app entry and its email's state
//                        STATE                 unread count, last seen, version
//                        PREFS                 the address, preferences, when each category last emailed
//                        DIGEST#{category}     notices held for one digest email
//   OUTBOX#{0-9} (GSI1)  {due}#{recipient}#... notices whose email is still to decide, digests when due
//   AUDIT#{collective}   {at}#{event}          the collective's audit log
//   SUPPRESSED#{hash}    EMAIL                 an address that bounced or complained (never mailed again)

/** A recipient's partition: `A{athlete}`, `C{collective}`, `F{buyer key}`, `E{address hash}`. */
export const notifyPartition = (recipient: string) => `${NOTIFY}${recipient}`;
/** The recipient of a NOTIFY#<recipient> partition, or null. */
export const recipientOfPartition = (pk: string) => (String(pk).startsWith(NOTIFY) ? String(pk).slice(NOTIFY.length) : null);
export const note = (recipient: string, at: string, eventId: string) => ({ PK: notifyPartition(recipient), SK: `${NOTE}${at}#${eventId}` });
export const notePrefix = NOTE;
/** Whether a sort key is a notice's (a bell page's cursor). */
export const isNoteSortKey = (sk: string) => /^NOTE#\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z#[A-Za-z0-9:_-]{1,160}$/.test(sk);
export const notifyState = (recipient: string) => ({ PK: notifyPartition(recipient), SK: 'STATE' });
export const notifyPrefs = (recipient: string) => ({ PK: notifyPartition(recipient), SK: 'PREFS' });
export const notifyDigest = (recipient: string, category: string) => ({ PK: notifyPartition(recipient), SK: `${DIGEST}${category}` });
/** Whether a notify item's sort key is a digest's. */
export const isDigestSortKey = (sk: string) => String(sk).startsWith(DIGEST);
export const OUTBOX_SHARDS = 10;
/** The outbox's GSI1 partitions: the sender's sweep reads each, due items first. */
export const outboxPartitions = () => Array.from({ length: OUTBOX_SHARDS }, (_, i) => `${OUTBOX}${i}`);
function outboxShard(recipient: string): number {
  let h = 0;
  for (let i = 0; i < recipient.length; i++) h = (h * 31 + recipient.charCodeAt(i)) >>> 0;
  return h % OUTBOX_SHARDS;
}
/** A notify item in the outbox, due at `dueAt` (an ISO time: GSI1SK sorts by it). */
export const outboxEntry = (recipient: string, dueAt: string, sk: string) => ({
  GSI1PK: `${OUTBOX}${outboxShard(recipient)}`,
  GSI1SK: `${dueAt}#${recipient}#${sk}`,
});
export const auditPartition = (collectiveId: number) => `${AUDIT}${collectiveId}`;
export const auditEntry = (collectiveId: number, at: string, eventId: string) => ({ PK: auditPartition(collectiveId), SK: `${at}#${eventId}` });
/** An address that bounced or complained (by the hash of the address). */
export const suppressedAddress = (addressHash: string) => ({ PK: `${SUPPRESSED}${addressHash}`, SK: 'EMAIL' });

// ---- leaderboards and settlement's notices (issue 26; lambdas/notifications/settle-hooks.ts) ------------
//   BOARD#A{athlete}           F#{buyer}    a fan's cards of the athlete; GSI1 (same PK) ranks them
//   BOARD#T{athlete}-{cards}   F#{buyer}    a fan's cards of one set (keyed by its card ids: a closed
//                              COUNT        set's are fixed); the set's fans in all
//   BOARD#S{school}            F#{buyer}    a fan's cards of the school's athletes (kept by tally jobs)
//                              COUNT        the school's fans in all
//   FANOUT#{job}               JOB          a settlement event's notices or a school tally to apply (outbox GSI1)

/** Whose board: an athlete's, one of its sets' (by the set's card ids), a school's. */
export type BoardRef =
  { kind: 'athlete'; athleteId: number } | { kind: 'set'; athleteId: number; cardIds: readonly number[] } | { kind: 'school'; schoolId: number };
export function boardPartition(board: BoardRef): string {
  if (board.kind === 'athlete') return `${BOARD}A${board.athleteId}`;
  if (board.kind === 'school') return `${BOARD}S${board.schoolId}`;
  return `${BOARD}T${board.athleteId}-${[...board.cardIds].sort((a, b) => a - b).join('.')}`;
}
/** A fan's entry on a board; GSI1 (the board's partition) sorts entries by rank: most cards first,
 * then who reached that count first. */
export const boardEntry = (board: BoardRef, buyerKey: string) => ({ PK: boardPartition(board), SK: `F#${buyerKey}` });
export const boardRank = (board: BoardRef, units: number, reachedAt: string, buyerKey: string) => ({
  GSI1PK: boardPartition(board),
  GSI1SK: `${String(999_999_999 - Math.min(units, 999_999_999)).padStart(9, '0')}#${reachedAt}#${buyerKey}`,
});
/** A board's count of fans (sets and schools; an athlete's is its total's uniqueFans). */
export const boardCount = (board: BoardRef) => ({ PK: boardPartition(board), SK: 'COUNT' });
/** The buyer of a board entry's sort key (F#<buyer>), or null. */
export const boardBuyerOf = (sk: string) => (String(sk).startsWith('F#') ? String(sk).slice(2) : null);
/** A job the sender applies after settlement (a settlement event's notices, a school tally). */
export const fanoutJob = (jobId: string) => ({ PK: `${FANOUT}${jobId}`, SK: 'JOB' });
/** Whether a key is a fanout job's. */
export const isFanoutJob = (key: { PK: string; SK: string }) => String(key.PK).startsWith(FANOUT) && key.SK === 'JOB';

// ---- follows and the feed (issue 26 item 3; lambdas/community/follows.ts) ----------------------------
//   FOLLOWERS#{A|S}{id}   F#{buyer}      who follows an athlete or a school (told of unlocks and drops)
//   FOLLOWS#{buyer}       {A|S}#{id}     what a fan follows (the feed reads these)
//   ACTIVITY#{A|S}{id}    E#{at}#{event} an athlete's or a school's news: new cards, unlocks, drops, posts
//                         HEAD           when its latest news was written (the feed's merge order)

export type FollowTarget = { kind: 'athlete'; id: number } | { kind: 'school'; id: number };
const targetCode = (t: FollowTarget) => `${t.kind === 'athlete' ? 'A' : 'S'}${t.id}`;
export const followersPartition = (target: FollowTarget) => `${FOLLOWERS}${targetCode(target)}`;
export const follower = (target: FollowTarget, buyerKey: string) => ({ PK: followersPartition(target), SK: `F#${buyerKey}` });
/** The buyer of a follower's sort key (F#<buyer>), or null. */
export const followerBuyerOf = (sk: string) => (String(sk).startsWith('F#') ? String(sk).slice(2) : null);
export const followsPartition = (buyerKey: string) => `${FOLLOWS}${buyerKey}`;
export const follow = (buyerKey: string, target: FollowTarget) => ({
  PK: followsPartition(buyerKey),
  SK: `${target.kind === 'athlete' ? 'A' : 'S'}#${target.id}`,
});
/** What a follow's sort key names (A#<id> or S#<id>), or null. */
export function followTargetOf(sk: string): FollowTarget | null {
  const match = /^([AS])#(\d{1,9})$/.exec(String(sk));
  return match ? { kind: match[1] === 'A' ? 'athlete' : 'school', id: Number(match[2]) } : null;
}
export const activityPartition = (target: FollowTarget) => `${ACTIVITY}${targetCode(target)}`;
export const activityEntry = (target: FollowTarget, at: string, eventId: string) => ({
  PK: activityPartition(target),
  SK: `${activityPrefix}${at}#${eventId}`,
});
export const activityPrefix = 'E#';
export const activityHead = (target: FollowTarget) => ({ PK: activityPartition(target), SK: 'HEAD' });
// ---- moment drops (lambdas/cards/card-drops.ts, decision 0022) -----------------------------------------
// One small partition of what the drop sweep has to do, in time order: a drop's start (to open it on
// Shopify and tell fans), its end (to close it and fix its print run), and a product to take off
// sale on Shopify after a close. Written with the drop's schedule, deleted when done (a few items
// per drop in flight: never more than the live and scheduled drops).
export const dropsPartition = DROPS;
const dropRef = (athleteId: number, cardId: number) => `${pad(athleteId, 9)}#${pad(cardId, 4)}`;
export const dropStart = (startsAt: string, athleteId: number, cardId: number) => ({ PK: DROPS, SK: `${DROP_START}${startsAt}#${dropRef(athleteId, cardId)}` });
export const dropEnd = (endsAt: string, athleteId: number, cardId: number) => ({ PK: DROPS, SK: `${DROP_END}${endsAt}#${dropRef(athleteId, cardId)}` });
export const dropShopify = (athleteId: number, cardId: number) => ({ PK: DROPS, SK: `${DROP_SHOPIFY}${dropRef(athleteId, cardId)}` });
export const dropStartPrefix = DROP_START;
export const dropEndPrefix = DROP_END;
export const dropShopifyPrefix = DROP_SHOPIFY;

/** Local mode's own items (scripts/lib/seed.ts): no deployed function writes them, so they have no
 * write pattern (partitionPatterns) and sit in this object rather than among the builders above. */
export const localMode = {
  /** The data format local mode's .data/ holds (LOCAL_DATA_VERSION). */
  dataVersion: { PK: 'LOCALMODE', SK: 'DATA_VERSION' },
};

export const GSI1 = 'GSI1';

// ---- what is keyed by a person (issue 32: deletion that forgets, an export that is whole) ----------
// Every builder above that takes a person (a buyer key: the hash of their email; an email; a
// recipient, `F<buyer key>` or `E<hash of the address>`; an account's sub), with what an account's
// deletion does to its items: forgotten by lambdas/notifications/forget-person.ts (and so exported by
// "Download my data", lambdas/sales/account-data.ts), or kept, with why. test/unit/person-families.test.ts
// fails when a builder taking a person is missing here, when a forgotten family outlives the forget
// function, and when one is missing from the export.

export type PersonFamilyFate = { fate: 'forgotten'; what: string } | { fate: 'kept'; why: string };

export const personKeyedFamilies = {
  personProfile: { fate: 'forgotten', what: 'the display name and the public-profile switch (the collector page answers no more)' },
  displayNameClaim: { fate: 'forgotten', what: "the name's claim: the name is free again" },
  personAge: { fate: 'forgotten', what: 'the age band' },
  personDeletion: { fate: 'forgotten', what: "the deletion code's hash and tries (the deletion's last step)" },
  follow: { fate: 'forgotten', what: 'what the person follows' },
  followsPartition: { fate: 'forgotten', what: 'the partition of their follows (every item of it)' },
  follower: { fate: 'forgotten', what: "their entry among each followed athlete's or school's followers (no drop or unlock tells them again)" },
  notifyPartition: { fate: 'forgotten', what: 'every notify item of the recipients F<buyer key> and E<hash of the email> (below)' },
  note: { fate: 'forgotten', what: 'their notices, in-app and the emails still to send' },
  notifyState: { fate: 'forgotten', what: 'unread count and last seen' },
  notifyPrefs: { fate: 'forgotten', what: 'the stored address, time zone, quiet hours, email per kind, when each kind last emailed' },
  notifyDigest: { fate: 'forgotten', what: 'notices held for a digest email' },
  outboxEntry: { fate: 'forgotten', what: "the outbox's index of their notices and digests (attributes of those items)" },
  waitlist: { fate: 'forgotten', what: 'the waiting-list entry (keyed by the email itself)' },
  accountProfileRequest: {
    fate: 'forgotten',
    what: "an athlete profile request the account sent, pending or declined (its name, school, sport and the account's email); an accepted one made the account an athlete's, which is not deleted here",
  },
  personForgotten: {
    fate: 'kept',
    why: 'the tombstone that makes a later or racing event send nothing: keyed by a keyed hash of the buyer key (not the key itself), removed by the TTL after 30 days or when the email signs up again',
  },
  buyerOrdersIndex: {
    fate: 'kept',
    why: "orders are the shop's and the books' records: the redaction gives them a pseudonym (a .invalid address), so the index moves to the pseudonym's key",
  },
  buyerPartition: { fate: 'kept', why: 'the index of orders by buyer: moves to the pseudonym with the orders (buyerOrdersIndex)' },
  fan: { fate: 'kept', why: "holdings and serials stay an anonymous collector's: the redaction moves them to the pseudonym's key, figures unchanged" },
  collectorIndex: { fate: 'kept', why: 'the collection index of the holdings: moves to the pseudonym with them (fan)' },
  collectorPartition: { fate: 'kept', why: 'the collection index of the holdings: moves to the pseudonym with them (fan)' },
  topFan: { fate: 'kept', why: "an athlete's Top Fans: moves to the pseudonym with the holdings (fan), named only as the pseudonym" },
  boardEntry: { fate: 'kept', why: 'leaderboards: the entry follows the holdings to the pseudonym (settle tallies), shown under the pseudonym only' },
  boardRank: { fate: 'kept', why: "a board entry's rank (attributes of boardEntry)" },
  suppressedAddress: {
    fate: 'kept',
    why: 'an address that bounced or complained must never be mailed again, whoever signs up with it: only the hash of the address',
  },
  applicantApplication: {
    fate: 'kept',
    why: "a collective's application names its applicant as the organisation's contact; the operators decide and close it (an account running a collective is not deleted here)",
  },
} as const satisfies Record<string, PersonFamilyFate>;

export type PersonKeyedFamily = keyof typeof personKeyedFamilies;
/** The families an account's deletion forgets (and its data export holds). */
export type ForgottenFamily = { [K in PersonKeyedFamily]: (typeof personKeyedFamilies)[K]['fate'] extends 'forgotten' ? K : never }[PersonKeyedFamily];
export const forgottenFamilies = (Object.keys(personKeyedFamilies) as PersonKeyedFamily[]).filter(
  (f): f is ForgottenFamily => personKeyedFamilies[f].fate === 'forgotten',
);

// ---- reading keys back ----------------------------------------------------------------------------

/** The digits after a prefix, as a number (null when the text is not prefix + digits). */
function idAfter(text: string, prefix: string): number | null {
  return text.startsWith(prefix) && /^\d+$/.test(text.slice(prefix.length)) ? Number(text.slice(prefix.length)) : null;
}

/** The athlete of an ATHLETE#<id> partition, or null. */
export const athleteIdOfPartition = (pk: string) => idAfter(String(pk), ATHLETE);
/** The school of an unattributed list's partition (UNATTR#<school>), or null. */
export const schoolIdOfUnattributedPartition = (pk: string) => idAfter(String(pk), UNATTR);
/** The group of an applied snapshot's sort key (APPLIED#<group>), or null. */
export const appliedGroupOf = (sk: string) => (String(sk).startsWith(APPLIED) ? String(sk).slice(APPLIED.length) : null);
/** The buyer of a fan item's sort key (FAN#<buyer key>), or null. */
export const fanBuyerOf = (sk: string) => (String(sk).startsWith(FAN) ? String(sk).slice(FAN.length) : null);
/** The buyer of a Top Fan item's sort key (TOPFAN#<buyer key>), or null. */
export const topFanBuyerOf = (sk: string) => (String(sk).startsWith(TOPFAN) ? String(sk).slice(TOPFAN.length) : null);
/** The order of a pending marker's key (PENDING#<n> / ORDER#<id>: the settle function's stream records), or null. */
export function orderIdOfPendingMarker(key: { PK: string; SK: string }): string | null {
  const [pk, sk] = [String(key?.PK ?? ''), String(key?.SK ?? '')];
  return pk.startsWith(PENDING) && sk.startsWith(ORDER) ? sk.slice(ORDER.length) : null;
}

/** The item families a tool reading a whole table tells apart (scripts/lib/verify.ts). */
export type ItemFamily =
  | 'activation'
  | 'order'
  | 'applied'
  | 'aggTotal'
  | 'aggMonth'
  | 'sale'
  | 'fan'
  | 'topFan'
  | 'ledger'
  | 'unattributedTotal'
  | 'payoutLine'
  | 'donation'
  | 'parked'
  | 'catalog'
  | 'other';

/** What an item of the table is, by its key. */
export function familyOf(key: { PK: unknown; SK: unknown }): ItemFamily {
  const [pk, sk] = [String(key?.PK ?? ''), String(key?.SK ?? '')];
  if (pk.startsWith(ORDER)) return sk === 'ORDER' ? 'order' : sk.startsWith(APPLIED) ? 'applied' : 'other';
  if (pk.startsWith(ATHLETE)) {
    if (sk === AGG_TOTAL) return 'aggTotal';
    if (sk.startsWith(AGG_MONTH)) return 'aggMonth';
    if (sk.startsWith(SALE)) return 'sale';
    if (sk.startsWith(FAN)) return 'fan';
    if (sk.startsWith(TOPFAN)) return 'topFan';
    if (sk.startsWith(LEDGER)) return 'ledger';
    return 'other';
  }
  if (pk.startsWith(UNATTR)) return sk === 'AGG' ? 'unattributedTotal' : 'other';
  if (pk.startsWith(COLLECTIVE))
    return sk.startsWith(PAYOUT) ? 'payoutLine' : sk.startsWith(DONATION) ? 'donation' : sk.startsWith(activationPrefix) ? 'activation' : 'other';
  if (pk === PARKED) return 'parked';
  return pk.startsWith(CATALOG) ? 'catalog' : 'other';
}

// ---- write permissions ------------------------------------------------------------------------------

/** The PK patterns (IAM StringLike) of the key families, from which key-access.ts and routes.ts
 * give each writer the partitions it may write. */
export const partitionPatterns = {
  order: 'ORDER#*',
  athlete: 'ATHLETE#*',
  collective: 'COLLECTIVE#*',
  unattributed: 'UNATTR#*',
  webhook: 'WEBHOOK#*',
  pending: 'PENDING#*',
  parked: 'PARKED',
  reconcile: 'RECONCILE',
  privacy: 'PRIVACY#*',
  catalog: 'CATALOG#*',
  catalogAthlete: 'CATALOG#ATHLETE#*',
  catalogProduct: 'CATALOG#PRODUCT#*',
  catalogMembers: 'CATALOG#COLLECTIVE#*',
  catalogSchool: 'CATALOG#SCHOOL#*',
  waitlist: 'WAITLIST#*',
  invite: 'INVITE#*',
  profileRequest: 'PROFILEREQ#*',
  account: 'ACCOUNT#*',
  catalogSchools: 'CATALOG#SCHOOLS',
  catalogCollectives: 'CATALOG#COLLECTIVES',
  catalogSearch: 'CATALOG#SEARCH',
  application: 'APPLICATION#*',
  applicant: 'APPLICANT#*',
  schoolClaim: 'SCHOOLCLAIM#*',
  checklist: 'CHECKLIST#*',
  stripeAccount: 'STRIPEACCT#*',
  stripeEvent: 'STRIPEEVENT#*',
  person: 'PERSON#*',
  displayName: 'DISPLAYNAME#*',
  notify: 'NOTIFY#*',
  board: 'BOARD#*',
  fanout: 'FANOUT#*',
  followers: 'FOLLOWERS#*',
  follows: 'FOLLOWS#*',
  activity: 'ACTIVITY#*',
  audit: 'AUDIT#*',
  suppressed: 'SUPPRESSED#*',
  drops: 'DROPS',
} as const;

// ---- cursors ----------------------------------------------------------------------------------------

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
    fields: { SK: new RegExp(`^${SALE}${ISO}#${ID}$`) },
    partition: { PK: athletePartition(athleteId) },
  }),
  buyerOrders: (buyerKey: string) => ({
    fields: { PK: new RegExp(`^${ORDER}${ID}$`), SK: /^ORDER$/, GSI1SK: new RegExp(`^${ISO}#${ID}$`) },
    partition: { GSI1PK: buyerPartition(buyerKey) },
  }),
  buyerCollection: (buyerKey: string) => ({
    fields: { PK: /^ATHLETE#\d{1,9}$/, SK: /^FAN#[\w-]{1,100}$/, GSI1SK: /^\d{9}$/ },
    partition: { GSI1PK: collectorPartition(buyerKey) },
  }),
  /** A page of one school's unattributed orders (0: the platform inbox), newest first. */
  unattributedOrders: (schoolId: number) => ({
    fields: { SK: new RegExp(`^${ORDER}${ISO}#${ID}$`) },
    partition: { PK: unattributedPartition(schoolId) },
  }),
  /** A page of one state's applications, newest first. */
  applications: (state: string) => ({
    fields: { PK: new RegExp(`^${APPLICATION}[0-9a-f]{20}$`), SK: /^APPLICATION$/, GSI1SK: new RegExp(`^${ISO}#[0-9a-f]{20}$`) },
    partition: { GSI1PK: applicationsPartition(state) },
  }),
  /** A page of a recipient's notices, newest first. */
  notes: (recipient: string) => ({
    fields: { SK: /^NOTE#\d{4}-\d{2}-\d{2}T[\d:.]{8,12}Z#[A-Za-z0-9:_-]{1,160}$/ },
    partition: { PK: notifyPartition(recipient) },
  }),
  /** A page of a collective's audit log, newest first. */
  audit: (collectiveId: number) => ({
    fields: { SK: new RegExp(`^${ISO}#[A-Za-z0-9:_-]{1,160}$`) },
    partition: { PK: auditPartition(collectiveId) },
  }),
  collectiveTransactions: (collectiveId: number) => ({
    fields: {
      PK: /^(ATHLETE|COLLECTIVE)#\d{1,9}$/,
      SK: /^(SALE|DONATION|PAYOUT)#[\w:.#-]{1,200}$/,
      GSI1SK: new RegExp(String.raw`^(${ISO}|\d{4}-\d{2}-\d{2})#(SALE|DON|PAY)#[\w.#-]{1,200}$`),
    },
    partition: { GSI1PK: transactionsPartition(collectiveId) },
  }),
};
