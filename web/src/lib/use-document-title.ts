// One tab title per screen: '{page} · Drift' (the bare brand when a page has no name of its own).
import { useEffect } from 'react';

export const BRAND = 'Drift';

export function documentTitle(page?: string | null): string {
  const name = page?.trim();
  return name ? `${name} · ${BRAND}` : `${BRAND} · Official NIL Trading Cards`;
}

/** Sets document.title while the calling screen is shown. */
export function useDocumentTitle(page?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
