// POST /api/checkout: local mode's stand-in for the Shopify storefront (it delivers a signed order
// webhook). The mutation also keeps the card in this browser's collection (lib/purchased-cards.ts),
// with the order id, so My Collection shows it at once and matches it to the order once counted.
import useSWRMutation from 'swr/mutation';
import type { CheckoutRequest, CheckoutResponse } from '@shared/sales/sales-api';
import type { CardView } from '@shared/catalog/catalog-api';
import { apiSend } from '@/lib/api-client';
import { getSession } from '@/lib/auth/session-store';
import { addPurchasedCard } from '@/lib/purchased-cards';

export const CHECKOUT_PATH = '/checkout';

export const createCheckout = (body: CheckoutRequest) => apiSend<CheckoutResponse>(CHECKOUT_PATH, 'POST', body);

export interface CheckoutInput {
  athleteId: number;
  athleteName: string;
  card: Pick<CardView, 'id' | 'name' | 'image' | 'priceCents'>;
  /** Units to buy (1 to 10, as the storefront takes them). */
  quantity: number;
}

export function useCheckout() {
  return useSWRMutation(CHECKOUT_PATH, async (_key: string, { arg }: { arg: CheckoutInput }) => {
    // A signed-in account with a verified email buys as itself (as it would type its email at
    // Shopify's checkout), so the card lands in its own collection; anyone else as the demo buyer.
    const claims = getSession()?.claims;
    const email = claims?.email && claims.email_verified ? claims.email : undefined;
    const order = await createCheckout({ athleteId: arg.athleteId, cardId: arg.card.id, quantity: arg.quantity, ...(email ? { email } : {}) });
    addPurchasedCard({
      athleteId: arg.athleteId,
      cardId: arg.card.id,
      title: arg.card.name,
      athleteName: arg.athleteName,
      image: arg.card.image,
      priceCents: arg.card.priceCents,
      purchaseMethod: 'Shopify',
      purchaseDate: new Date().toISOString(),
      orderId: order.orderId,
    });
    return order;
  });
}
