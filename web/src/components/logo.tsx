// The Drift logo image; if the image fails it becomes a text wordmark (docs/ARCHITECTURE.md, "Screen rules"),
// also when it failed before the app hydrated the page (lib/use-broken-image.ts).
import { useState } from 'react';
import { useBrokenImageCheck } from '@/lib/use-broken-image';

export const LOGO_SRC = '/images/logo.svg';

export function Logo({ className = '', height = 32 }: { className?: string; height?: number }) {
  const [failed, setFailed] = useState(false);
  const img = useBrokenImageCheck(failed ? undefined : LOGO_SRC, () => setFailed(true));
  if (failed) {
    // Rendered only in the browser, after a failure: React sets the size through the CSSOM, which
    // the Content-Security-Policy allows (no style attribute is ever in the served HTML).
    return (
      <span className={`wordmark ${className}`} style={{ fontSize: height * 0.8 }} role="img" aria-label="Drift">
        DRIFT
      </span>
    );
  }
  return <img ref={img} className={`logo-img ${className}`} src={LOGO_SRC} alt="Drift" height={height} onError={() => setFailed(true)} />;
}
