// POST /api/checkout: local mode's stand-in for the Shopify storefront (it delivers a signed order webhook).
import type { CheckoutRequest, CheckoutResponse } from '@shared/api';
import { apiSend } from '@/lib/api-client';

export const CHECKOUT_PATH = '/checkout';

export const createCheckout = (body: CheckoutRequest) => apiSend<CheckoutResponse>(CHECKOUT_PATH, 'POST', body);
