// The Drift logo image; if the image fails it becomes a text wordmark (docs/ARCHITECTURE.md, "Screen rules").
import { useState } from 'react';

export function Logo({ className = '', height = 32 }: { className?: string; height?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={`wordmark ${className}`} style={{ fontSize: height * 0.8 }} role="img" aria-label="Drift">
        DRIFT
      </span>
    );
  }
  return <img className={`logo-img ${className}`} src="/images/logo.svg" alt="Drift" height={height} onError={() => setFailed(true)} />;
}
