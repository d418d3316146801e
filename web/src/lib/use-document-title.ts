// One tab title per screen: '{page} · Drift' (the bare brand when a page has no name of its own).
// A server render (app/server-render.tsx) has no document: it passes a TitleSink, and the last
// screen that names the page during that render gives the HTML its <title>.
import { createContext, useContext, useEffect } from 'react';

export const BRAND = 'Drift';

export function documentTitle(page?: string | null): string {
  const name = page?.trim();
  return name ? `${name} · ${BRAND}` : `${BRAND} · Official NIL Trading Cards`;
}

/** Where a server render collects the page's title (the document's title in the browser). */
export interface TitleSink {
  title: string | null;
}

export const TitleSinkContext = createContext<TitleSink | null>(null);

/** Sets document.title while the calling screen is shown. */
export function useDocumentTitle(page?: string | null): void {
  const sink = useContext(TitleSinkContext);
  if (sink) sink.title = documentTitle(page);
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
