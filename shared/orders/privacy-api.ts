// Privacy requests (Shopify's mandatory privacy webhooks) as the operators' console shows them.

export type PrivacyTopic = 'customers/data_request' | 'customers/redact' | 'shop/redact';

export interface PrivacyRequestView {
  requestId: string;
  topic: PrivacyTopic;
  shopDomain: string;
  /** Shopify's customer id (null for a shop's redaction). */
  customerId: string | null;
  /** Orders Shopify named. */
  orders: number;
  receivedAt: string;
  /** Shopify's 30 days from receipt (YYYY-MM-DD). */
  dueBy: string;
  /** received -> completed (a redaction) or exported (a data request, once downloaded). */
  status: string;
  completedAt: string | null;
  completedBy: string | null;
  /** Orders redacted (a customer's redaction, once completed). */
  redactedOrders: number | null;
}

export interface PrivacyRequestsResponse {
  items: PrivacyRequestView[];
  nextCursor: string | null;
}

/** What Drift holds for one customer (a data request's export). */
export interface PrivacyExport {
  requestId: string;
  generatedAt: string;
  shopDomain: string;
  customerId: string | null;
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
