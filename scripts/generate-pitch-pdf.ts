// Writes web/public/drift-pitch.pdf: a multi-page pitch deck built from hand-written PDF objects
// (Helvetica, landscape pages, brand colours). Run: npx tsx scripts/generate-pitch-pdf.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const W = 842;
const H = 595;

type Rgb = [number, number, number];
const NAVY: Rgb = [0.043, 0.078, 0.149];
const PANEL: Rgb = [0.078, 0.133, 0.247];
const RED: Rgb = [0.769, 0.086, 0.11];
const GREEN: Rgb = [0.055, 0.82, 0.271];
const WHITE: Rgb = [1, 1, 1];
const MUTED: Rgb = [0.66, 0.72, 0.82];

interface Slide {
  kicker: string;
  title: string;
  body: string[];
  bullets?: Array<[string, string]>;
  big?: string;
}

const SLIDES: Slide[] = [
  {
    kicker: 'DRIFT  |  INVESTOR & PARTNER PITCH',
    title: 'Let Your Fans Elevate Your Program',
    body: [
      'Official digital trading cards of college athletes, tied to paid name, image and likeness deals.',
      'Fans collect. Athletes earn. Collectives grow.',
    ],
    big: '97%',
  },
  {
    kicker: 'THE PROBLEM',
    title: 'NIL money reaches the few, not the roster',
    body: [
      'Since 2021 college athletes may earn from their name, image and likeness. In practice, deals flow to a',
      'handful of national stars while most athletes - and most of the fans who cheer for them - are left out.',
    ],
    bullets: [
      ['Athletes', 'have no simple product of their own to sell, and little control over how their image is used.'],
      ['Collectives', 'depend on a small pool of large donors and spend heavily on manual compliance work.'],
      ['Fans', 'want a direct, official way to back the players they follow - and something to keep.'],
    ],
  },
  {
    kicker: 'THE PRODUCT',
    title: 'Official cards, sold through the school collective',
    body: ['Every athlete on the roster gets an official card line. Fans buy through a secure Shopify checkout.'],
    bullets: [
      ['97% to the athlete', 'Athletes earn 97% of each sale, paid through the school-affiliated collective.'],
      ['Image approval', 'No card goes on sale until the athlete approves the image on it.'],
      ['Quota unlocks', 'Base cards first; gold and signature editions unlock when sales reach quotas.'],
      ['Top Fans', "Fans who own an athlete's full set become Top Fans, visible to the athlete."],
    ],
  },
  {
    kicker: 'FOR COLLECTIVES',
    title: 'A new NIL revenue stream with compliance built in',
    body: ['Collectives sign up, link their payment system and launch their roster in days.'],
    bullets: [
      ['Revenue', 'Card sales from fans everywhere plus donations from individuals and organisations, in one ledger.'],
      ['Compliance', 'Every sale is attributed to an athlete and card; every payout is on the record and exportable.'],
      ['Analytics', 'Real-time dashboards: monthly earnings, per-athlete sales, revenue, fans and transactions.'],
    ],
  },
  {
    kicker: 'HOW IT WORKS',
    title: 'From checkout to payout in seconds',
    body: ['Built serverless on AWS; runs end to end on a laptop for development.'],
    bullets: [
      ['1. Checkout', 'The fan pays in a Shopify storefront (Buy Button on each card page).'],
      ['2. Verify', 'Signed order webhooks are verified; duplicates and retries never double count.'],
      ['3. Attribute', 'The product id ties each line to its athlete and card; ambiguous lines are flagged, never lost.'],
      ['4. Report', 'Pre-computed totals update athlete and collective dashboards in real time.'],
    ],
  },
  {
    kicker: 'THE ASK',
    title: 'Launch with three partner schools',
    body: [
      'We are onboarding our first collectives - Duke, Florida State and Temple are in conversation.',
      'Join the waiting list at drift / waiting-list, or try the live demo: switch between buyer, athlete',
      'and collective and follow a card from checkout to the dashboards.',
    ],
    big: 'Join us',
  },
];

function esc(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}
const rgb = (c: Rgb, op: 'rg' | 'RG') => `${c.map((v) => v.toFixed(3)).join(' ')} ${op}`;
const rect = (x: number, y: number, w: number, h: number, c: Rgb) => `${rgb(c, 'rg')} ${x} ${y} ${w} ${h} re f`;
const text = (x: number, y: number, size: number, font: 'F1' | 'F2', c: Rgb, s: string) =>
  `BT /${font} ${size} Tf ${rgb(c, 'rg')} ${x} ${y} Td (${esc(s)}) Tj ET`;

/** Wraps text to a width, estimating Helvetica's average glyph width. */
function wrap(s: string, size: number, width: number): string[] {
  const max = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if ((line + ' ' + word).trim().length > max) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

function slideContent(slide: Slide, index: number): string {
  const ops: string[] = [];
  ops.push(rect(0, 0, W, H, NAVY));
  ops.push(rect(0, H - 8, W, 8, RED));
  ops.push(rect(0, 0, W, 36, PANEL));
  ops.push(text(40, 14, 10, 'F2', WHITE, 'DRIFT.'));
  ops.push(text(W - 90, 14, 10, 'F1', MUTED, `${index + 1} / ${SLIDES.length}`));
  ops.push(text(40, H - 60, 11, 'F2', RED, slide.kicker));
  let y = H - 100;
  for (const line of wrap(slide.title, 30, slide.big ? 520 : 760)) {
    ops.push(text(40, y, 30, 'F2', WHITE, line));
    y -= 36;
  }
  y -= 8;
  for (const para of slide.body) {
    for (const line of wrap(para, 13, slide.big ? 500 : 760)) {
      ops.push(text(40, y, 13, 'F1', MUTED, line));
      y -= 19;
    }
  }
  if (slide.bullets) {
    y -= 14;
    const boxH = Math.min(70, (y - 60) / slide.bullets.length - 10);
    for (const [head, desc] of slide.bullets) {
      ops.push(rect(40, y - boxH, W - 80, boxH, PANEL));
      ops.push(rect(40, y - boxH, 5, boxH, GREEN));
      ops.push(text(60, y - 24, 14, 'F2', WHITE, head));
      let dy = y - 44;
      for (const line of wrap(desc, 11.5, W - 140)) {
        ops.push(text(60, dy, 11.5, 'F1', MUTED, line));
        dy -= 15;
      }
      y -= boxH + 10;
    }
  }
  if (slide.big) {
    ops.push(rect(590, 150, 212, 212, RED));
    ops.push(text(slide.big.length > 4 ? 612 : 610, 240, slide.big.length > 4 ? 44 : 72, 'F2', WHITE, slide.big));
    ops.push(text(612, 190, 12, 'F1', WHITE, slide.big === '97%' ? 'of each sale goes to the athlete' : 'drift waiting list'));
  }
  return ops.join('\n');
}

function buildPdf(): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // 1-based object number
  const catalogId = add('');
  const pagesId = add('');
  const fontRegular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const fontBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  SLIDES.forEach((slide, i) => {
    const content = slideContent(slide, i);
    const contentId = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  });
  const infoId = add('<< /Title (Drift - Pitch) /Author (Drift) /Subject (Official NIL trading cards) /Producer (scripts/generate-pitch-pdf.ts) >>');
  objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const target = join(__dirname, '..', 'web', 'public', 'drift-pitch.pdf');
writeFileSync(target, buildPdf());
console.log(`pitch written to ${target}`);
