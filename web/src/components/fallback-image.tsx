// An <img> that falls back to the default Drift logo when its source fails (docs/ARCHITECTURE.md, "Screen rules").
import { useState, type ImgHTMLAttributes } from 'react';

export const DEFAULT_LOGO = '/images/logo.svg';

type Props = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

export function FallbackImage({ src, alt, onError, ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showFallback = failedSrc === src && src !== DEFAULT_LOGO;
  return (
    <img
      {...rest}
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
