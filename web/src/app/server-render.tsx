// Rendering on request (local mode's server and the render Lambda, lambdas/catalog/render.handler.ts):
// a link to a page whose content is data (an athlete, a school, a card, search results) is
// answered with that page's HTML, not with the SPA shell, so a phone paints the content from the
// HTML and CSS alone while the app's JS loads (the boot script, web/build-tools/prerender.ts).
//
// Only routes whose screens declare their first data (`serverData` in app/routes.tsx) are
// rendered here; every other path, a read that fails (a missing athlete: the app shows its
// not-found screen) or a render error gets null, and the caller answers with the SPA shell as
// before. The answers the page was rendered with travel in the HTML (a JSON data block), and
// main.tsx puts them into SWR's cache before it hydrates, so the browser's first render is the
// server's. The render is signed out (public reads only, as the prerendered pages).
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter, matchRoutes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { FetchJson, PageAssets } from '@shared/platform/page-render';
import { TitleSinkContext, documentTitle, type TitleSink } from '@/lib/use-document-title';
import { PAGE_DATA_ID } from '@/app/page-data-id';
import { inspectElement, type Found } from '@/app/route-screens';
import { AppRoutes } from '@/app/router';
import { routes } from '@/app/routes';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that cannot end the script element it sits in (nor open a comment). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** A route pattern from its parent's and its own path (as react-router joins them). */
export const joinPattern = (parent: string, path: string | undefined) => {
  if (path === undefined) return parent;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
};

export interface DocumentParts {
  /** The page's path (html[data-prerendered]: the boot script and main.tsx hydrate when it is the location's). */
  path: string;
  /** The markup of #root. */
  html: string;
  title: string;
  /** Head lines: the boot script tag, stylesheets. */
  head: string[];
  /** Cache answers the page was rendered with (a data block for main.tsx). */
  data?: Record<string, unknown>;
}

/**
 * Puts a rendered page into the template. The Content-Security-Policy allows no inline script or
 * style (infra/security-headers.ts), so markup with a style attribute or a script is refused; the
 * data block is JSON, which the browser does not run.
 */
export function composeDocument(template: string, page: DocumentParts): string {
  const styled = /\sstyle="/.exec(page.html);
  if (styled) {
    const at = page.html.slice(Math.max(0, styled.index - 120), styled.index + 60);
    throw new Error(
      `render: ${page.path} has an inline style attribute, which the Content-Security-Policy blocks (style-src 'self'): use a class (at ...${at}...)`,
    );
  }
  const script = /<script/i.exec(page.html);
  if (script) {
    const at = page.html.slice(Math.max(0, script.index - 200), script.index + 300);
    throw new Error(`render: ${page.path} has a script in its markup; the Content-Security-Policy allows none inline (at ...${at}...)`);
  }
  // React puts its resource hints (an image preload) first in the markup: they belong in the head,
  // outside the tree the browser hydrates.
  const hints: string[] = [];
  const markup = page.html.replace(/^(<link [^>]*\/>)+/, (links) => {
    hints.push(...(links.match(/<link [^>]*\/>/g) ?? []).map((link) => link.replace(/\/>$/, '>')));
    return '';
  });
  const data = page.data ? `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page.data)}</script>` : '';
  // Every substitution uses a replacer function: a replacement string would read `$'`, `$\``, `$&`
  // in a name or a query as patterns and copy template text into the page.
  const head = `\n${[...hints, ...page.head].map((line) => `    ${line}\n`).join('')}  </head>`;
  return template
    .replace('<html lang="en">', () => `<html lang="en" data-prerendered="${escapeHtml(page.path)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/\n\s*<\/head>/, () => head)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${data}`);
}

/** The location's path as the boot script and main.tsx compare it (no trailing slash). */
export const normalPath = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/**
 * The HTML of `url` (path and query) rendered with its first data, or null when the route is not
 * rendered on request (no server data), a read does not answer 200, or the page cannot be rendered.
 */
export async function renderDocument(url: string, assets: PageAssets, fetchJson: FetchJson): Promise<string | null> {
  const location = new URL(url, 'http://drift.invalid');
  // The front door asked for by its file (CloudFront's default root object names it so).
  const path = location.pathname === '/index.html' ? '/' : normalPath(location.pathname);
  const matches = matchRoutes(routes, path);
  if (!matches?.length) return null;
  // A prerendered route is rendered here too when its screens name their first data (the
  // storefront at /: its prerendered HTML, without data, is the fallback).
  const pattern = matches.reduce((parent, m) => joinPattern(parent, m.route.path), '') || '/';
  const head = assets.heads[pattern];
  if (!head) return null;

  const found: Found = { screens: [], title: null };
  for (const match of matches) inspectElement(match.route.element, found);
  const params = matches[matches.length - 1].params;
  const keys = [...new Set(found.screens.flatMap((s) => s.serverData?.(params, location.searchParams) ?? []).filter((k): k is string => k !== null))];
  if (keys.length === 0) return null;

  const [answers] = await Promise.all([Promise.all(keys.map((key) => fetchJson(key))), Promise.all(found.screens.map((s) => s.preload()))]);
  if (answers.some((a) => a.status !== 200)) return null;
  const data = Object.fromEntries(keys.map((key, i) => [key, answers[i].body]));

  const sink: TitleSink = { title: null };
  const { prelude } = await prerender(
    <StrictMode>
      <TitleSinkContext.Provider value={sink}>
        <SWRConfig value={{ fallback: data }}>
          <StaticRouter location={`${path}${location.search}`}>
            <AppRoutes />
          </StaticRouter>
        </SWRConfig>
      </TitleSinkContext.Provider>
    </StrictMode>,
    // One document, no streaming: React would otherwise outline a large boundary (a long result
    // list) into a hidden segment revealed by an inline script, which the CSP does not run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  return composeDocument(assets.template, { path, html, title: sink.title ?? documentTitle(found.title), head, data });
}
