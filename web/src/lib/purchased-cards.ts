// Cards collected in this browser, kept in localStorage under `purchasedCards` (docs/ARCHITECTURE.md, "Screen rules").
// Entries bought through the storefront carry its order id so My Collection can match them to the
// order once the webhook has been processed.

export const PURCHASED_CARDS_KEY = 'purchasedCards';

export type PurchaseMethod = 'Shopify' | 'Solana' | 'Ethereum' | 'Other';

export interface LocalCollectible {
  id: string;
  athleteId: number;
  cardId: number;
  title: string;
  athleteName: string;
  image: string;
  priceCents: number;
  purchaseMethod: PurchaseMethod;
  purchaseDate: string;
  /** The storefront order this entry came from, when known. */
  orderId?: string;
}

function isEntry(value: unknown): value is LocalCollectible {
  const v = value as LocalCollectible;
  return !!v && typeof v === 'object' && typeof v.id === 'string' && typeof v.athleteId === 'number' && typeof v.title === 'string';
}

export function readPurchasedCards(): LocalCollectible[] {
  try {
    const raw = window.localStorage.getItem(PURCHASED_CARDS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function write(entries: LocalCollectible[]): void {
  try {
    window.localStorage.setItem(PURCHASED_CARDS_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: the purchase itself still exists in the store.
  }
}

export function addPurchasedCard(entry: Omit<LocalCollectible, 'id'> & { id?: string }): LocalCollectible {
  const full: LocalCollectible = { ...entry, id: entry.id ?? `local-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` };
  write([full, ...readPurchasedCards()]);
  return full;
}

export function removePurchasedCard(id: string): LocalCollectible[] {
  const next = readPurchasedCards().filter((e) => e.id !== id);
  write(next);
  return next;
}
