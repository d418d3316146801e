// The local stand-ins' server-rendered pages (the mailbox, Stripe's hosted pages): HTML escaping and
// the one page layout, with the stand-in's stylesheet and its banner saying nothing real happens
// (in a header landmark, so every part of the page is in a landmark, as axe-core asks).

export const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A whole page: `stylesheet` is its URL; `banner` the class and text of the line above the content. */
export function standInPage(page: { stylesheet: string; banner: { className: string; text: string }; title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">
</head>
<body>
<header><p class="${page.banner.className}">${page.banner.text}</p></header>
<main>
${page.body}
</main>
</body>
</html>
`;
}
