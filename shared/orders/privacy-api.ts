// Privacy requests as the operators' console shows them: Shopify's mandatory privacy webhooks, and a
// fan's own requests from the account page (issue 23: "download my data", "delete my account").

export type ShopifyPrivacyTopic = 'customers/data_request' | 'customers/redact' | 'shop/redact';
/** A fan's own request (CCPA): a download of their data (served at once), a deletion of their account. */
export type AccountPrivacyTopic = 'account/data' | 'account/deletion';
export type PrivacyTopic = ShopifyPrivacyTopic | AccountPrivacyTopic;

/** Statutory timelines from receipt: Shopify asks for its requests within 30 days; the CCPA has a
 * consumer's request acknowledged within 10 business days and fulfilled within 45 calendar days. */
export const SHOPIFY_DUE_DAYS = 30;
export const CCPA_ACKNOWLEDGE_DAYS = 10;
export const CCPA_FULFIL_DAYS = 45;
export const isAccountTopic = (topic: string): topic is AccountPrivacyTopic => topic === 'account/data' || topic === 'account/deletion';

export interface PrivacyRequestView {
  requestId: string;
  topic: PrivacyTopic;
  shopDomain: string;
  /** Shopify's customer id (null for a shop's redaction). */
  customerId: string | null;
  /** Orders Shopify named. */
  orders: number;
  receivedAt: string;
  /** When it must be fulfilled (YYYY-MM-DD): Shopify's 30 days, or the CCPA's 45 for a fan's own request. */
  dueBy: string;
  /** The CCPA's acknowledgement deadline (10 days) of a fan's own request; null for Shopify's. */
  acknowledgeBy: string | null;
  /** When the request was acknowledged (a fan's own requests are acknowledged at once, on the page and by email). */
  acknowledgedAt: string | null;
  /** received -> completed (a redaction) or exported (a data request, once downloaded). */
  status: string;
  completedAt: string | null;
  completedBy: string | null;
  /** Orders redacted (a customer's redaction, once completed). */
  redactedOrders: number | null;
  /** A fan's deletion: when the account itself was removed (its last step). */
  accountClosedAt?: string | null;
}

export interface PrivacyRequestsResponse {
  items: PrivacyRequestView[];
  nextCursor: string | null;
}

/** What Drift holds for one customer (a data request's export). */
export interface PrivacyExport extends CustomerData {
  requestId: string;
  generatedAt: string;
  shopDomain: string;
  customerId: string | null;
}

/** A customer's orders and holdings, as Drift holds them. */
export interface CustomerData {
  orders: Array<{
    orderId: string;
    name: string;
    createdAt: string;
    email: string | null;
    status: string;
    totalCents: number;
    lines: Array<{ title: string; quantity: number; priceCents: number }>;
    refunds: Array<{ refundId: string; createdAt: string }>;
  }>;
  holdings: Array<{ athleteId: number; cards: Record<string, number>; serials: Record<string, unknown> }>;
  truncated: boolean;
}
