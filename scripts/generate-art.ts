// Generates the web app's SVG art under web/public/images from the seed catalog:
// athlete portraits, the cards' plain art (the app draws each card's frame), school logos/headers/backgrounds,
// merch, the logo and landing backgrounds.
// Run: npx tsx scripts/generate-art.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Athlete, School } from '#shared/catalog/catalog-types';
import { SAMPLE_ATHLETES, SCHOOLS } from '#shared/catalog/seed-data';

const OUT = join(__dirname, '..', 'web', 'public', 'images');
const RED = '#C4161C';
const GREEN = '#0ED145';
const NAVY = '#0B1426';

function write(rel: string, svg: string): void {
  const path = join(OUT, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, svg.trim() + '\n');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SKIN = ['#8D5524', '#C68642', '#E0AC69', '#F1C27D', '#6B4226', '#A0674B', '#D7A27B'];
const HAIR = ['#1B1B1B', '#2E1B0E', '#4A2F1B', '#0F0F0F', '#6B4E2E'];

function schoolOf(a: Athlete): School {
  return SCHOOLS.find((s) => s.id === a.schoolId)!;
}

/** Readable text colour over a background colour. */
function ink(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#0B1426' : '#FFFFFF';
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const r = clamp(((n >> 16) & 255) * (1 + amount));
  const g = clamp(((n >> 8) & 255) * (1 + amount));
  const b = clamp((n & 255) * (1 + amount));
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

/** The athlete figure (600x600 space): head, hair, neck, shoulders in a jersey with the number. */
function figure(a: Athlete, idPrefix: string): string {
  const school = schoolOf(a);
  const jersey = school.colors.primary === '#111111' ? '#1F1F1F' : school.colors.primary;
  const trim = school.colors.accent === '#000000' ? '#FFFFFF' : school.colors.accent;
  const skin = SKIN[a.id % SKIN.length];
  const hair = HAIR[(a.id * 3) % HAIR.length];
  const style = a.id % 4;
  const hairShape =
    style === 0
      ? `<path d="M228 196c0-62 34-98 72-98s72 36 72 98c-8-30-30-50-72-50s-64 20-72 50z" fill="${hair}"/>`
      : style === 1
        ? `<path d="M222 214c-6-78 38-118 78-118s86 40 78 118c-10-24-18-54-78-62-60 8-68 38-78 62z" fill="${hair}"/><circle cx="300" cy="104" r="22" fill="${hair}"/>`
        : style === 2
          ? `<path d="M226 200c2-70 36-104 74-104s72 34 74 104c-20-26-44-34-74-34s-54 8-74 34z" fill="${hair}"/><path d="M226 200c-4 40 2 80 10 100l-8-4c-10-30-12-66-2-96z" fill="${hair}"/><path d="M374 200c4 40-2 80-10 100l8-4c10-30 12-66 2-96z" fill="${hair}"/>`
          : `<path d="M230 190c4-56 34-88 70-88s66 32 70 88c-16-14-40-22-70-22s-54 8-70 22z" fill="${hair}"/>`;
  const num = esc(a.number);
  return `
  <g>
    <path d="M120 600c0-120 60-196 180-196s180 76 180 196z" fill="${jersey}"/>
    <path d="M120 600c0-120 60-196 180-196s180 76 180 196z" fill="url(#${idPrefix}-shine)"/>
    <path d="M250 404l50 54 50-54" fill="none" stroke="${trim}" stroke-width="14" stroke-linejoin="round"/>
    <path d="M150 520l-14 80M450 520l14 80" stroke="${trim}" stroke-width="10"/>
    <rect x="268" y="330" width="64" height="86" rx="24" fill="${shade(skin, -0.12)}"/>
    <ellipse cx="300" cy="236" rx="76" ry="92" fill="${skin}"/>
    <ellipse cx="224" cy="244" rx="12" ry="20" fill="${shade(skin, -0.08)}"/>
    <ellipse cx="376" cy="244" rx="12" ry="20" fill="${shade(skin, -0.08)}"/>
    ${hairShape}
    <path d="M262 234q12-8 24 0M314 234q12-8 24 0" stroke="#1b1b1b" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M280 286q20 14 40 0" stroke="${shade(skin, -0.35)}" stroke-width="5" fill="none" stroke-linecap="round"/>
    <text x="300" y="566" text-anchor="middle" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="104" fill="${ink(jersey)}" stroke="${trim}" stroke-width="3">${num}</text>
  </g>`;
}

function portrait(a: Athlete): string {
  const school = schoolOf(a);
  const base = school.colors.primary;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${esc(a.name)}, #${esc(a.number)}, ${esc(school.name)}">
  <defs>
    <linearGradient id="p-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 0.15)}"/><stop offset="1" stop-color="${NAVY}"/></linearGradient>
    <linearGradient id="p-shine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
  </defs>
  <rect width="600" height="600" fill="url(#p-bg)"/>
  <g opacity="0.12" stroke="#fff" stroke-width="2">${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 60 - 200}" y1="0" x2="${i * 60 + 100}" y2="600"/>`).join('')}</g>
  <text x="300" y="200" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-size="260" font-weight="900" fill="#fff" opacity="0.07">${esc(a.number)}</text>
  ${figure(a, 'p')}
</svg>`;
}

/**
 * A card's art: the athlete on a background in the school's colours, and nothing else. The frame,
 * the name strip, the edition and its size, the card number and an owned card's serial are drawn
 * by the app around any image (web/src/components/card/card-frame.tsx), so a collective's upload
 * and a seeded card of the same edition look alike. Each of an athlete's cards gets its own
 * backdrop (stripes, a spotlight, an autograph for the third).
 */
function card(a: Athlete, cardId: number): string {
  const school = schoolOf(a);
  const base = school.colors.primary === '#111111' ? '#3A3A3A' : school.colors.primary;
  const style = (cardId - 1) % 3;
  const backdrop =
    style === 0
      ? `<g opacity="0.14" stroke="#fff" stroke-width="3">${Array.from({ length: 14 }, (_, i) => `<line x1="${i * 50 - 220}" y1="0" x2="${i * 50 + 80}" y2="540"/>`).join('')}</g>`
      : style === 1
        ? `<circle cx="250" cy="210" r="230" fill="url(#c-spot)"/><g fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2">${Array.from({ length: 6 }, (_, i) => `<circle cx="250" cy="210" r="${70 + i * 44}"/>`).join('')}</g>`
        : `<g opacity="0.16" fill="#fff">${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 83) % 500}" cy="${(i * 47) % 300}" r="${2 + (i % 3)}"/>`).join('')}</g>`;
  const signature =
    style === 2
      ? `<path transform="translate(236 96) scale(0.58) translate(-92 -468)" d="M92 468c30-40 50-10 70-30s20-40 40-10 30 20 60-10 40 10 70-20 30 10 50-6" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.92"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 540" width="500" height="540" role="img" aria-label="${esc(a.name)} - Card #${cardId}">
  <defs>
    <linearGradient id="c-bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${shade(base, 0.2)}"/><stop offset="1" stop-color="${NAVY}"/></linearGradient>
    <radialGradient id="c-spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <linearGradient id="c-shine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
  </defs>
  <rect width="500" height="540" fill="url(#c-bg)"/>
  ${backdrop}
  <text x="250" y="190" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-size="220" font-weight="900" fill="#fff" opacity="0.07">${esc(a.number)}</text>
  <g transform="translate(-10 0) scale(0.867)">${figure(a, 'c')}</g>
  ${signature}
</svg>`;
}

const SCHOOL_MARKS: Record<number, { initials: string; mascot: string; glyph: string }> = {
  2: {
    initials: 'DS',
    mascot: 'MARINERS',
    glyph:
      '<path d="M0-46v92M-30 22c6 24 54 24 60 0M-22-30h44" stroke="currentColor" stroke-width="9" fill="none" stroke-linecap="round"/><circle cx="0" cy="-54" r="10" fill="none" stroke="currentColor" stroke-width="7"/>',
  },
  3: {
    initials: 'DT',
    mascot: 'ENGINEERS',
    glyph: `<g fill="currentColor">${Array.from({ length: 8 }, (_, i) => `<rect x="-9" y="-52" width="18" height="22" rx="3" transform="rotate(${i * 45})"/>`).join('')}<circle r="38"/></g><circle r="16" fill="var(--bg)"/>`,
  },
  4: {
    initials: 'DU',
    mascot: 'HAWKS',
    glyph: '<path d="M-56 -10c30-4 44-30 56-44 12 14 26 40 56 44-24 6-34 18-40 40l-16-12-16 12c-6-22-16-34-40-40z" fill="currentColor"/>',
  },
};

function schoolLogo(s: School): string {
  const m = SCHOOL_MARKS[s.id];
  const fill = s.colors.primary;
  const accent = s.colors.accent === '#000000' ? '#FFFFFF' : s.colors.accent;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240" role="img" aria-label="${esc(s.name)} logo">
  <path d="M120 10l96 30v70c0 62-42 104-96 122C66 214 24 172 24 110V40z" fill="${fill}" stroke="#fff" stroke-width="8"/>
  <path d="M120 26l80 25v59c0 52-34 88-80 104-46-16-80-52-80-104V51z" fill="none" stroke="${accent}" stroke-width="4"/>
  <g transform="translate(120 92)" style="color:${accent};--bg:${fill}">${m.glyph}</g>
  <text x="120" y="172" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="40" fill="#fff">${m.initials}</text>
  <text x="120" y="196" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="11" letter-spacing="3" fill="${accent}">${m.mascot}</text>
</svg>`;
}

function schoolHeader(s: School): string {
  const m = SCHOOL_MARKS[s.id];
  // School 3's banner is black (SPEC).
  const bg = s.id === 3 ? '#000000' : s.colors.primary;
  const accent = s.colors.accent === '#000000' ? '#FFFFFF' : s.colors.accent;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 400" width="1600" height="400" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${esc(s.name)} banner">
  <defs><linearGradient id="h" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${s.id === 3 ? '#0A0A0A' : shade(bg, -0.45)}"/></linearGradient></defs>
  <rect width="1600" height="400" fill="url(#h)"/>
  <g opacity="0.18" stroke="#fff" stroke-width="3">${Array.from({ length: 11 }, (_, i) => `<line x1="${150 * i}" y1="400" x2="${150 * i + 260}" y2="0"/>`).join('')}</g>
  <path d="M0 330 Q800 250 1600 330 V400 H0z" fill="${accent}" opacity="0.85"/>
  <path d="M0 350 Q800 275 1600 350 V400 H0z" fill="${s.id === 3 ? '#111' : shade(bg, -0.3)}"/>
  <text x="1540" y="230" text-anchor="end" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="210" fill="#fff" opacity="0.1">${m.mascot}</text>
</svg>`;
}

function schoolBackground(s: School): string {
  const bg = s.id === 3 ? '#0A0A0A' : shade(s.colors.primary, -0.55);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900" role="img" aria-label="${esc(s.name)} background">
  <rect width="1600" height="900" fill="${bg}"/>
  <g fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="2">${Array.from({ length: 10 }, (_, i) => `<circle cx="1300" cy="150" r="${80 + i * 90}"/>`).join('')}</g>
  <g stroke="#fff" stroke-opacity="0.1" stroke-width="4">${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 200}" y1="900" x2="${i * 200 + 120}" y2="600"/>`).join('')}</g>
</svg>`;
}

function merch(kind: 'hat' | 't-shirt' | 'sweat-shirt'): string {
  const body =
    kind === 'hat'
      ? `<path d="M90 250c0-90 60-140 130-140s130 50 130 140z" fill="${RED}"/><path d="M80 250h300c30 0 40 30 10 36-60 12-250 12-310 0-12-12-10-36 0-36z" fill="#8E0F14"/><circle cx="220" cy="108" r="12" fill="#8E0F14"/><path d="M220 110v140" stroke="#8E0F14" stroke-width="4"/><text x="220" y="210" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="40" fill="#fff" letter-spacing="4">DRIFT</text>`
      : kind === 't-shirt'
        ? `<path d="M150 70l-90 40 30 80 40-16v196h180V174l40 16 30-80-90-40c-10 30-40 46-70 46s-60-16-70-46z" fill="${RED}"/><path d="M150 70c10 30 40 46 70 46s60-16 70-46" fill="none" stroke="#8E0F14" stroke-width="10"/><text x="220" y="240" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="44" fill="#fff" letter-spacing="4">DRIFT</text><rect x="160" y="258" width="120" height="6" fill="${GREEN}"/>`
        : `<path d="M150 70l-80 36-30 236h50l20-150v198h220V192l20 150h50l-30-236-80-36c-10 30-40 46-70 46s-60-16-70-46z" fill="#1D2F55"/><path d="M150 70c10 30 40 46 70 46s60-16 70-46" fill="none" stroke="${RED}" stroke-width="12"/><rect x="110" y="372" width="220" height="18" fill="${RED}"/><text x="220" y="240" text-anchor="middle" font-family="Arial Black, Arial, sans-serif" font-weight="900" font-size="44" fill="#fff" letter-spacing="4">DRIFT</text><path d="M150 300h140" stroke="${RED}" stroke-width="6"/>`;
  const label = kind === 'hat' ? 'School Hat' : kind === 't-shirt' ? 'T Shirt' : 'Sweat Shirt';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 440 440" width="440" height="440" role="img" aria-label="Drift ${label}">
  <rect width="440" height="440" rx="28" fill="#F1F5FB"/>
  <ellipse cx="220" cy="400" rx="150" ry="16" fill="#0B1426" opacity="0.12"/>
  ${body}
</svg>`;
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 56" width="220" height="56" role="img" aria-label="Drift">
  <path d="M6 40c28-2 44-14 60-30" fill="none" stroke="${RED}" stroke-width="7" stroke-linecap="round"/>
  <path d="M14 50c30-2 52-14 70-34" fill="none" stroke="${GREEN}" stroke-width="4" stroke-linecap="round" opacity="0.9"/>
  <text x="60" y="42" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="38" letter-spacing="7" fill="#FFFFFF">DRIFT</text>
  <circle cx="212" cy="38" r="5" fill="${RED}"/>
</svg>`;

function landing(w: number, h: number): string {
  const cx = w / 2;
  const lights = [0.12, 0.88].map((fx) => {
    const x = w * fx;
    return `<g><rect x="${x - 60}" y="${h * 0.08}" width="120" height="54" rx="8" fill="#1a2540"/>${Array.from({ length: 8 }, (_, i) => `<circle cx="${x - 45 + (i % 4) * 30}" cy="${h * 0.08 + 16 + Math.floor(i / 4) * 22}" r="8" fill="#fffbe6"/>`).join('')}<rect x="${x - 4}" y="${h * 0.08 + 54}" width="8" height="${h * 0.3}" fill="#1a2540"/></g><path d="M${x} ${h * 0.1}L${cx - w * 0.3} ${h}H${cx + w * 0.3}z" fill="url(#beam)" opacity="0.5"/>`;
  });
  const yardLines = Array.from({ length: 11 }, (_, i) => {
    const t = i / 10;
    const y = h * 0.62 + t * t * h * 0.38;
    return `<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="#fff" stroke-opacity="${0.1 + t * 0.2}" stroke-width="${1 + t * 3}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#050A16"/><stop offset="0.55" stop-color="#0F1B33"/><stop offset="1" stop-color="#1A0A12"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.62" r="0.6"><stop offset="0" stop-color="${RED}" stop-opacity="0.55"/><stop offset="1" stop-color="${RED}" stop-opacity="0"/></radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe6" stop-opacity="0.5"/><stop offset="1" stop-color="#fffbe6" stop-opacity="0"/></linearGradient>
    <linearGradient id="turf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0B3D1E"/><stop offset="1" stop-color="#062012"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  ${lights.join('')}
  <path d="M0 ${h * 0.5} Q${cx} ${h * 0.4} ${w} ${h * 0.5} V${h * 0.64} H0z" fill="#111a30"/>
  <g fill="#fff" opacity="0.25">${Array.from({ length: 120 }, (_, i) => `<circle cx="${(i * 97) % w}" cy="${h * 0.5 + ((i * 37) % Math.round(h * 0.12))}" r="${1 + (i % 3)}"/>`).join('')}</g>
  <rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="url(#turf)"/>
  ${yardLines}
  <rect width="${w}" height="${h}" fill="url(#glow)"/>
</svg>`;
}

function main(): void {
  for (const a of SAMPLE_ATHLETES) {
    write(`athletes/${a.id}.svg`, portrait(a));
    for (const c of a.digitalcollectibles) write(`cards/${a.id}-${c.id}.svg`, card(a, c.id));
  }
  for (const s of SCHOOLS) {
    write(`schools/${s.id}-logo.svg`, schoolLogo(s));
    write(`schools/${s.id}-header.svg`, schoolHeader(s));
    write(`schools/${s.id}-background.svg`, schoolBackground(s));
  }
  for (const kind of ['hat', 't-shirt', 'sweat-shirt'] as const) write(`merch/${kind}.svg`, merch(kind));
  write('logo.svg', LOGO);
  write('landing-desktop.svg', landing(1920, 1080));
  write('landing-mobile.svg', landing(800, 1400));
  console.log(`art written to ${OUT}`);
}

main();
