// The local mailbox's pages, server-rendered: no script and no inline style (local mode's
// Content-Security-Policy allows styles from the site only), readable from 375 px wide up.
import { escapeHtml, standInPage } from '../stand-in-page';
import type { MailMessage } from './message';

export const STYLESHEET_PATH = '/static/local-mail.css';

/** Text with its http(s) links made clickable (everything escaped). */
function linkify(text: string): string {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return parts.map((part, i) => (i % 2 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part))).join('');
}

const when = (iso: string) => iso.replace('T', ' ').slice(0, 19) + ' UTC';

const BANNER = { className: 'banner', text: 'Local mail: what Drift sent through the SES stand-in. Nothing leaves this machine.' };
const layout = (base: string, title: string, body: string) => standInPage({ stylesheet: base + STYLESHEET_PATH, banner: BANNER, title, body });

export function mailboxPage(base: string, messages: MailMessage[], to: string, notice?: string): string {
  const rows = messages
    .map(
      (m) => `<li><a href="${escapeHtml(`${base}/messages/${m.id}`)}"><span class="subject">${escapeHtml(m.subject || '(no subject)')}</span>
<span class="meta">to ${escapeHtml([...m.to, ...m.cc].join(', ') || '(bcc only)')} · <time datetime="${escapeHtml(m.receivedAt)}">${escapeHtml(when(m.receivedAt))}</time></span></a></li>`,
    )
    .join('\n');
  const empty = to ? `No messages to ${escapeHtml(to)} yet.` : 'No messages yet. Sign-up and password-reset codes, and any email Drift sends, appear here.';
  return layout(
    base,
    'Local mail',
    `<h1>Local mail</h1>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}
<form method="get" action="${escapeHtml(`${base}/`)}" class="filter">
<label for="to">Recipient</label>
<input id="to" name="to" type="email" value="${escapeHtml(to)}" autocomplete="off" placeholder="fan@example.com">
<button type="submit">Show</button>
${to ? `<a href="${escapeHtml(`${base}/`)}">All messages</a>` : ''}
</form>
<p class="count" aria-live="polite">${messages.length} message${messages.length === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)}` : ''}</p>
${messages.length ? `<ul class="messages" aria-label="Messages, newest first">\n${rows}\n</ul>` : `<p class="empty">${empty}</p>`}`,
  );
}

export function messagePage(base: string, m: MailMessage): string {
  const field = (label: string, value: string) => (value ? `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>` : '');
  const headers = m.headers.map((h) => field(escapeHtml(h.name), h.value)).join('');
  const body =
    m.text !== null
      ? `<pre class="body">${linkify(m.text)}</pre>`
      : m.raw !== null
        ? `<pre class="body">${escapeHtml(m.raw)}</pre>`
        : '<p>This message has no text part.</p>';
  return layout(
    base,
    `${m.subject || '(no subject)'} · Local mail`,
    `<p><a href="${escapeHtml(`${base}/`)}">← Mailbox</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl class="fields">
${field('From', m.from)}${field('To', m.to.join(', '))}${field('Cc', m.cc.join(', '))}${field('Bcc', m.bcc.join(', '))}${field('Reply-To', m.replyTo.join(', '))}
${field('Received', when(m.receivedAt))}${field('Message id', m.id)}${headers}
</dl>
${m.html !== null ? `<p><a href="${escapeHtml(`${base}/messages/${m.id}.html`)}">Open the HTML version</a></p>` : ''}
${body}`,
  );
}

export const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
.banner{margin:0;padding:.5rem 1rem;background:#243b53;color:#fff;font-size:.875rem}
main{max-width:56rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem;overflow-wrap:anywhere}
a{color:#0b5cad}
.filter{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-bottom:.5rem}
.filter input{flex:1 1 12rem;min-width:0;padding:.5rem;border:1px solid #6b7280;border-radius:4px;font:inherit}
.filter button{padding:.5rem 1rem;border:0;border-radius:4px;background:#0b5cad;color:#fff;font:inherit;cursor:pointer}
.count{color:#4b5563;font-size:.875rem}
.messages{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #d1d5db;border-radius:6px}
.messages li+li{border-top:1px solid #e5e7eb}
.messages a{display:block;padding:.75rem 1rem;text-decoration:none;color:inherit}
.messages a:hover,.messages a:focus{background:#eef4fb}
.subject{display:block;font-weight:600;color:#0b5cad;overflow-wrap:anywhere}
.meta{display:block;font-size:.875rem;color:#4b5563;overflow-wrap:anywhere}
.empty,.notice{padding:1rem;background:#fff;border:1px solid #d1d5db;border-radius:6px}
.fields{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;background:#fff;border:1px solid #d1d5db;border-radius:6px;padding:.75rem 1rem}
.fields dt{font-weight:600;color:#374151}
.fields dd{margin:0;overflow-wrap:anywhere}
.body{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #d1d5db;border-radius:6px;padding:1rem;font:inherit}
`;
