// The Stripe parameters and objects Drift sends and reads (Stripe's field names, the fields the
// product uses; stripe-client.ts returns them). Types only: nothing here reaches a bundle.

export type Metadata = Record<string, string>;

export interface ExpressAccountParams {
  email?: string;
  country?: string;
  business_type?: 'individual' | 'company' | 'non_profit';
  business_profile?: { name?: string; url?: string; product_description?: string; mcc?: string };
  capabilities?: Record<string, { requested: boolean }>;
  /** `settings[payouts][schedule][interval]=manual`: the platform creates each payout (POST /v1/payouts). */
  settings?: { payouts?: { schedule?: { interval?: 'manual' | 'daily' | 'weekly' | 'monthly' } } };
  metadata?: Metadata;
}

export interface TransferParams {
  amount: number;
  currency: string;
  destination: string;
  transfer_group?: string;
  description?: string;
  metadata?: Metadata;
}

export interface TransferListParams {
  destination?: string;
  transfer_group?: string;
  limit?: number;
  starting_after?: string;
}

export interface PayoutParams {
  amount: number;
  currency: string;
  description?: string;
  statement_descriptor?: string;
  metadata?: Metadata;
}

export type CheckoutLineItem =
  | {
      quantity: number;
      price_data: {
        currency: string;
        unit_amount: number;
        product_data: { name: string; description?: string; metadata?: Metadata };
        recurring?: { interval: 'day' | 'week' | 'month' | 'year'; interval_count?: number };
      };
    }
  | {
      quantity: number;
      /** An existing Price of the account. */
      price: string;
    };

/** A Price (a membership tier's monthly price: the customer portal switches between Prices). */
export interface StripePrice extends StripeObject {
  object: 'price';
  active: boolean;
  unit_amount: number | null;
  lookup_key: string | null;
  nickname: string | null;
  product: string;
  metadata: Metadata;
}

export interface CheckoutSessionParams {
  mode: 'payment' | 'subscription';
  line_items: CheckoutLineItem[];
  /** {CHECKOUT_SESSION_ID} in it is replaced with the session's id. */
  success_url: string;
  cancel_url?: string;
  customer_email?: string;
  client_reference_id?: string;
  metadata?: Metadata;
  expires_at?: number;
  /** Payment mode; an application fee only on a connected account's session (direct charge). */
  payment_intent_data?: { application_fee_amount?: number; description?: string; metadata?: Metadata };
  /** Subscription mode. */
  subscription_data?: { application_fee_percent?: number; description?: string; metadata?: Metadata };
}

export interface EventListParams {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
  type?: string;
  types?: string[];
  created?: { gt?: number; gte?: number; lt?: number; lte?: number };
}

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

interface StripeObject {
  id: string;
  created: number;
  livemode: boolean;
  metadata: Metadata;
}

export interface StripeRequirements {
  currently_due: string[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
  disabled_reason: string | null;
}

export interface StripeAccount extends StripeObject {
  object: 'account';
  type: string;
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  requirements: StripeRequirements;
  external_accounts: StripeList<{ id: string; object: 'bank_account'; last4: string; routing_number: string; status: string }>;
  settings?: { payouts?: { schedule?: { interval?: string } } };
}

export interface StripeAccountLink {
  object: 'account_link';
  created: number;
  expires_at: number;
  url: string;
}

export interface StripeTransfer extends StripeObject {
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  reversed: boolean;
  reversals: StripeList<StripeTransferReversal>;
}

export interface StripeTransferReversal extends StripeObject {
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
}

export interface StripeBalance {
  object: 'balance';
  livemode: boolean;
  available: Array<{ amount: number; currency: string }>;
  pending: Array<{ amount: number; currency: string }>;
}

export interface StripePayout extends StripeObject {
  object: 'payout';
  amount: number;
  currency: string;
  arrival_date: number;
  automatic: boolean;
  destination: string | null;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  failure_code: string | null;
  failure_message: string | null;
}

export interface StripeCheckoutSession extends StripeObject {
  object: 'checkout.session';
  mode: 'payment' | 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  amount_total: number | null;
  currency: string | null;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  expires_at: number;
}

export interface StripeSubscription extends StripeObject {
  object: 'subscription';
  status: 'active' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'past_due' | 'paused' | 'trialing' | 'unpaid';
  customer: string;
  currency: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  application_fee_percent: number | null;
  items: StripeList<{
    id: string;
    quantity: number;
    current_period_start: number;
    current_period_end: number;
    price: { id?: string; unit_amount: number | null; metadata?: Metadata | null };
  }>;
}

export interface StripeInvoice extends StripeObject {
  object: 'invoice';
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  billing_reason: string | null;
  amount_due: number;
  amount_paid: number;
  currency: string;
  customer: string;
  /** The customer's email when the invoice was finalised (where Stripe sends its own receipts). */
  customer_email?: string | null;
  parent: { type: string; subscription_details: { subscription: string; metadata: Metadata | null } | null } | null;
  period_start: number;
  period_end: number;
  status_transitions: { paid_at: number | null };
}

export interface StripeCharge extends StripeObject {
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded' | 'pending' | 'failed';
  payment_intent: string | null;
  application_fee_amount: number | null;
  billing_details: { email: string | null; name: string | null };
  /** The charge's balance transaction (its fee and net), an id unless expanded. */
  balance_transaction?: string | null;
}

/** A movement of an account's balance: a charge's fee (Stripe's and the application's) and net. */
export interface StripeBalanceTransaction extends StripeObject {
  object: 'balance_transaction';
  amount: number;
  fee: number;
  net: number;
  type: string;
  fee_details: Array<{ amount: number; type: string }>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  /** Set on events of a connected account. */
  account?: string;
  api_version: string | null;
  created: number;
  livemode: boolean;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: { id?: string; object: string; [field: string]: unknown }; previous_attributes?: Record<string, unknown> };
}
