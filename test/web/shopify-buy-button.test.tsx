// The Buy Button path (a Shopify store configured): the product component is created for the card's
// product, and the quantity the fan reviewed reaches it (the SDK's updateQuantity), so the cart starts with it.
import { mountBuyButton } from '@/features/cards/api/shopify-buy-button';

interface FakeProduct {
  selectedQuantity: number;
  updateQuantity: (fn: (previous: number) => number) => void;
}

function installSdk() {
  const product: FakeProduct = {
    selectedQuantity: 1,
    updateQuantity(fn) {
      this.selectedQuantity = fn(this.selectedQuantity);
    },
  };
  const createComponent = jest.fn(async () => product);
  const buildClient = jest.fn(() => ({ client: true }));
  Object.assign(window, { ShopifyBuy: { buildClient, UI: { onReady: async () => ({ createComponent }) } } });
  return { product, createComponent, buildClient };
}

afterEach(() => {
  delete (window as { ShopifyBuy?: unknown }).ShopifyBuy;
});

describe('mountBuyButton', () => {
  it("creates the product's Buy on Shopify button with the reviewed quantity", async () => {
    const { product, createComponent, buildClient } = installSdk();
    const node = document.createElement('div');
    await mountBuyButton(node, { domain: 'drift.myshopify.com', storefrontToken: 'token', productId: '7420000001201', quantity: 3 });
    expect(buildClient).toHaveBeenCalledWith({ domain: 'drift.myshopify.com', storefrontAccessToken: 'token' });
    const [kind, options] = createComponent.mock.calls[0] as unknown as [
      string,
      { id: string; node: HTMLElement; options: { product: { text: { button: string } }; cart: { text: Record<string, string> } } },
    ];
    expect([kind, options.id, options.node]).toEqual(['product', '7420000001201', node]);
    expect(options.options.product.text.button).toBe('Buy on Shopify');
    expect(options.options.cart.text).toEqual({ total: 'Subtotal', button: 'Checkout' });
    expect(product.selectedQuantity).toBe(3);
  });

  it('leaves the quantity at 1 for one card', async () => {
    const { product } = installSdk();
    await mountBuyButton(document.createElement('div'), { domain: 'd', storefrontToken: 't', productId: '1' });
    expect(product.selectedQuantity).toBe(1);
  });
});
