// An <img> that falls back to the default Drift logo when its source fails (docs/ARCHITECTURE.md, "Screen rules"),
// also when it failed before the app hydrated the page (lib/use-broken-image.ts).
import { useState, type ImgHTMLAttributes } from 'react';
import { useBrokenImageCheck } from '@/lib/use-broken-image';

export const DEFAULT_LOGO = '/images/logo.svg';

type Props = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

export function FallbackImage({ src, alt, onError, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showFallback = failedSrc === src && src !== DEFAULT_LOGO;
  const img = useBrokenImageCheck(showFallback ? undefined : src, () => setFailedSrc(src));
  return (
    <img
      {...rest}
      ref={img}
      src={showFallback ? DEFAULT_LOGO : src || DEFAULT_LOGO}
      alt={alt}
      data-fallback={showFallback ? 'true' : undefined}
      onError={(event) => {
        if (!showFallback) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
