// The storefront's own button (a Shopify store is configured): the Buy Button SDK loaded lazily,
// only here, with the quantity the fan reviewed ('Buy on Shopify'; its cart shows Subtotal and Checkout).
import { useEffect, useRef, useState } from 'react';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { env } from '@/config/env';
import { mountBuyButton } from '@/features/cards/api/shopify-buy-button';

export function ShopifyBuy({ productId, quantity }: { productId: string; quantity: number }) {
  const node = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    const shopify = env.shopify;
    if (!node.current || !shopify) return;
    let cancelled = false;
    const target = node.current;
    setStatus('loading');
    mountBuyButton(target, { domain: shopify.domain, storefrontToken: shopify.storefrontToken, productId, quantity })
      .then(() => !cancelled && setStatus('ready'))
      .catch(() => !cancelled && setStatus('error'));
    return () => {
      cancelled = true;
      target.innerHTML = '';
    };
  }, [productId, quantity]);
  return (
    <div className="shopify-buy">
      {status === 'loading' && <Spinner label="Loading Shopify checkout..." />}
      {status === 'error' && <ErrorBox message="The Shopify checkout could not be loaded. Please try again later." onRetry={() => window.location.reload()} />}
      <div ref={node} />
    </div>
  );
}
