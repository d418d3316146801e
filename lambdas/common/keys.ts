// The only module that knows the table's key prefixes (single-table design, DESIGN.md section 5).

const pad = (n: number, width = 6) => String(n).padStart(width, '0');

export const keys = {
  catalogPartition: 'CATALOG',
  catalogAthlete: (id: number) => ({ PK: 'CATALOG', SK: `ATHLETE#${pad(id)}` }),
  catalogSchool: (id: number) => ({ PK: 'CATALOG', SK: `SCHOOL#${pad(id)}` }),
  catalogCollective: (id: number) => ({ PK: 'CATALOG', SK: `COLLECTIVE#${pad(id)}`, GSI1PK: `COLL#${id}`, GSI1SK: 'META' }),
  catalogMerch: (schoolId: number, id: number) => ({ PK: 'CATALOG', SK: `MERCH#${pad(schoolId)}#${pad(id)}` }),

  order: (orderId: string) => ({ PK: `ORDER#${orderId}`, SK: 'ORDER' }),
  buyerOrdersIndex: (buyerKey: string, createdAt: string, orderId: string) => ({ GSI1PK: `BUYER#${buyerKey}`, GSI1SK: `${createdAt}#${orderId}` }),
  buyerPartition: (buyerKey: string) => `BUYER#${buyerKey}`,

  athletePartition: (athleteId: number) => `ATHLETE#${athleteId}`,
  sale: (athleteId: number, createdAt: string, orderId: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `SALE#${createdAt}#${orderId}` }),
  salePrefix: 'SALE#',
  aggTotal: (athleteId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: 'AGG#TOTAL' }),
  aggMonth: (athleteId: number, month: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `AGG#M#${month}` }),
  aggPrefix: 'AGG#',
  fan: (athleteId: number, buyerKey: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `FAN#${buyerKey}` }),
  topFan: (athleteId: number, buyerKey: string) => ({ PK: `ATHLETE#${athleteId}`, SK: `TOPFAN#${buyerKey}` }),
  topFanPrefix: 'TOPFAN#',
  athleteDonations: (athleteId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: 'DONATIONS' }),
  post: (athleteId: number, postId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: `POST#${pad(postId, 9)}` }),
  postPrefix: 'POST#',
  postSequence: (athleteId: number) => ({ PK: `ATHLETE#${athleteId}`, SK: 'POSTSEQ' }),

  /** GSI1 keys that gather a collective's figures (one Query for the overview). */
  collectivePartition: (collectiveId: number) => `COLL#${collectiveId}`,
  collectiveAthleteTotal: (collectiveId: number, athleteId: number) => ({ GSI1PK: `COLL#${collectiveId}`, GSI1SK: `ATHLETE#${pad(athleteId)}#TOTAL` }),
  collectiveAthleteMonth: (collectiveId: number, athleteId: number, month: string) => ({ GSI1PK: `COLL#${collectiveId}`, GSI1SK: `ATHLETE#${pad(athleteId)}#M#${month}` }),
  collectiveDonationMonth: (collectiveId: number, month: string) => ({ GSI1PK: `COLL#${collectiveId}`, GSI1SK: `DON#M#${month}` }),
  /** GSI1 keys of a collective's transaction feed, newest first. */
  transactionsPartition: (collectiveId: number) => `COLL#${collectiveId}#TXN`,
  saleTransaction: (collectiveId: number, createdAt: string, orderId: string, athleteId: number) => ({ GSI1PK: `COLL#${collectiveId}#TXN`, GSI1SK: `${createdAt}#SALE#${orderId}#${athleteId}` }),
  donation: (collectiveId: number, date: string, id: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `DONATION#${date}#${id}`, GSI1PK: `COLL#${collectiveId}#TXN`, GSI1SK: `${date}#DON#${id}` }),
  donationMonth: (collectiveId: number, month: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `DAGG#M#${month}` }),
  payout: (collectiveId: number, date: string, id: string) => ({ PK: `COLLECTIVE#${collectiveId}`, SK: `PAYOUT#${date}#${id}`, GSI1PK: `COLL#${collectiveId}#TXN`, GSI1SK: `${date}#PAY#${id}` }),

  unattributedPartition: 'UNATTRIBUTED',
  unattributedOrder: (createdAt: string, orderId: string) => ({ PK: 'UNATTRIBUTED', SK: `ORDER#${createdAt}#${orderId}` }),
  unattributedOrderPrefix: 'ORDER#',
  unattributedTotal: { PK: 'UNATTRIBUTED', SK: 'AGG' },

  waitlist: (email: string) => ({ PK: `WAITLIST#${email}`, SK: 'WAITLIST' }),
  webhook: (webhookId: string) => ({ PK: `WEBHOOK#${webhookId}`, SK: 'WEBHOOK' }),

  /** Reconciliation with the Shopify Admin API (lambdas/common/reconcile.ts): the updated_at
   * checkpoint of the last complete run, and the synthetic webhook ids that make reruns no-ops. */
  reconcileCheckpoint: { PK: 'RECONCILE', SK: 'CHECKPOINT' },
  reconcileOrderDelivery: (orderId: string, updatedAt: string) => `reconcile:order:${orderId}:${updatedAt}`,
  reconcileRefundDelivery: (refundId: string) => `reconcile:refund:${refundId}`,
};

export const GSI1 = 'GSI1';
