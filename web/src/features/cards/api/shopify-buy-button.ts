// Loads the Shopify Buy Button SDK from Shopify's CDN, only when a store is configured and only on the
// card page, and mounts a product component ('Buy on Shopify'; its cart shows Subtotal and Checkout).

export const BUY_BUTTON_SDK_URL = 'https://sdks.shopifycdn.com/buy-button/latest/buy-button-storefront.min.js';

/** The product component the SDK answers (its updateQuantity sets how many the button adds to the cart). */
interface ProductComponent {
  updateQuantity?(fn: (previous: number) => number): void;
}

interface ShopifyUi {
  createComponent(kind: 'product', options: Record<string, unknown>): Promise<ProductComponent>;
  destroyComponent?(kind: 'product', id: string): void;
}
interface ShopifyBuyGlobal {
  buildClient(config: { domain: string; storefrontAccessToken: string }): unknown;
  UI: { onReady(client: unknown): Promise<ShopifyUi> };
}

let sdkPromise: Promise<ShopifyBuyGlobal> | null = null;

export function loadBuyButtonSdk(): Promise<ShopifyBuyGlobal> {
  const existing = (window as { ShopifyBuy?: ShopifyBuyGlobal }).ShopifyBuy;
  if (existing?.UI) return Promise.resolve(existing);
  sdkPromise ??= new Promise<ShopifyBuyGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = BUY_BUTTON_SDK_URL;
    script.onload = () => {
      const sdk = (window as { ShopifyBuy?: ShopifyBuyGlobal }).ShopifyBuy;
      if (sdk) resolve(sdk);
      else reject(new Error('Shopify Buy Button SDK did not load'));
    };
    script.onerror = () => {
      sdkPromise = null;
      reject(new Error('Shopify Buy Button SDK could not be downloaded'));
    };
    document.head.appendChild(script);
  });
  return sdkPromise;
}

/** Mounts the product's Buy on Shopify button; `quantity` (the card page's review) is what it adds to the cart. */
export async function mountBuyButton(
  node: HTMLElement,
  opts: { domain: string; storefrontToken: string; productId: string; quantity?: number; onCheckout?: () => void },
) {
  const sdk = await loadBuyButtonSdk();
  const client = sdk.buildClient({ domain: opts.domain, storefrontAccessToken: opts.storefrontToken });
  const ui = await sdk.UI.onReady(client);
  const product = await ui.createComponent('product', {
    id: opts.productId,
    node,
    moneyFormat: '%24%7B%7Bamount%7D%7D',
    options: {
      product: {
        contents: { img: false, title: false, price: false },
        text: { button: 'Buy on Shopify' },
        styles: { button: { 'background-color': '#C4161C', ':hover': { 'background-color': '#A31217' }, 'border-radius': '10px', 'font-weight': '700' } },
      },
      cart: {
        text: { total: 'Subtotal', button: 'Checkout' },
        styles: { button: { 'background-color': '#C4161C', ':hover': { 'background-color': '#A31217' } } },
        events: { openCheckout: () => opts.onCheckout?.() },
      },
      toggle: { styles: { toggle: { 'background-color': '#C4161C' } } },
    },
  });
  // The SDK's own quantity is 1; the fan chose theirs on the card page (the cart then shows it, with its Subtotal).
  const quantity = opts.quantity ?? 1;
  if (quantity > 1) product.updateQuantity?.(() => quantity);
}
