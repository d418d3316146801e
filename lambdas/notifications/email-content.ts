// What a notice's email says: one notice, or a digest of the notices of one category held while the
// hour since the last such email was not up (or during quiet hours). Every email has a text part
// (what plain and accessible clients read) and a small HTML part; a notification email carries the
// one-click unsubscribe link of its category (List-Unsubscribe and List-Unsubscribe-Post, set by
// the mailer) and a link to the preferences page. An invite (transactional) carries neither.
import { CATEGORIES, digestSubject, type Category } from '#shared/notifications/notification-rules';
import type { Email } from '#lambdas/platform/mailer';

export interface NoticeText {
  title: string;
  body: string;
  link: string | null;
}

export interface EmailLinks {
  site: string;
  /** The query of this recipient's and category's unsubscribe link (null: transactional). */
  unsubscribeQuery: string | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const url = (site: string, link: string | null) => (link ? `${site}${link.startsWith('/') ? link : `/${link}`}` : null);

function footer(category: Category, links: EmailLinks): { text: string; html: string } {
  if (!links.unsubscribeQuery) return { text: '', html: '' };
  const label = CATEGORIES[category].label;
  const unsubscribe = `${links.site}/unsubscribe?${links.unsubscribeQuery}`;
  const settings = `${links.site}/notifications`;
  return {
    text: `\n\n--\nYou get this email because "${label}" emails are on for your Drift account.\nStop these emails: ${unsubscribe}\nAll your notification settings: ${settings}\n`,
    html:
      `<hr><p style="color:#555;font-size:12px">You get this email because “${escapeHtml(label)}” emails are on for your Drift account. ` +
      `<a href="${escapeHtml(unsubscribe)}">Stop these emails</a> · <a href="${escapeHtml(settings)}">All your notification settings</a></p>`,
  };
}

const wrap = (inner: string) => `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${inner}</body></html>`;

function noticeBlock(n: NoticeText, site: string): { text: string; html: string } {
  const link = url(site, n.link);
  return {
    text: `${n.title}\n${n.body}${link ? `\nOpen: ${link}` : ''}`,
    html: `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(n.title)}</h2><p style="margin:0;white-space:pre-line">${escapeHtml(n.body)}</p>${
      link ? `<p style="margin:4px 0"><a href="${escapeHtml(link)}">Open in Drift</a></p>` : ''
    }`,
  };
}

/** One notice as an email (to, subject, parts, unsubscribe URL). */
export function noticeEmail(to: string, category: Category, notice: NoticeText, links: EmailLinks): Email {
  const block = noticeBlock(notice, links.site);
  const foot = footer(category, links);
  return {
    to: [to],
    subject: notice.title,
    text: `${notice.body}${url(links.site, notice.link) ? `\n\nOpen: ${url(links.site, notice.link)}` : ''}${foot.text}`,
    html: wrap(`${block.html}${foot.html}`),
    ...(links.unsubscribeQuery ? { unsubscribeUrl: `${links.site}/api/notifications/unsubscribe?${links.unsubscribeQuery}` } : {}),
    tags: { category },
  };
}

/** A digest: the held notices of one category (`count` may exceed the notices listed). */
export function digestEmail(to: string, category: Category, notices: NoticeText[], count: number, links: EmailLinks): Email {
  const blocks = notices.map((n) => noticeBlock(n, links.site));
  const more = count - notices.length;
  const foot = footer(category, links);
  const intro = `${count} updates since our last email about this (we send at most one an hour for each kind of update):`;
  return {
    to: [to],
    subject: digestSubject(category, count),
    text: `${intro}\n\n${blocks.map((b) => b.text).join('\n\n')}${more > 0 ? `\n\nAnd ${more} more: ${links.site}/notifications` : ''}${foot.text}`,
    html: wrap(
      `<p>${escapeHtml(intro)}</p>${blocks.map((b) => b.html).join('')}${
        more > 0 ? `<p><a href="${escapeHtml(`${links.site}/notifications`)}">And ${more} more</a></p>` : ''
      }${foot.html}`,
    ),
    ...(links.unsubscribeQuery ? { unsubscribeUrl: `${links.site}/api/notifications/unsubscribe?${links.unsubscribeQuery}` } : {}),
    tags: { category, digest: 'yes' },
  };
}
