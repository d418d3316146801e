// docs/BENCHMARKS.md has sections written by different benchmarks: `npm run bench` rewrites the
// file, scripts/bench/catalog-scale.ts only its own section. This keeps the catalog-scale section
// (from its heading to its end marker) when the rest of the file is rewritten. A generated part
// sits between its markers with a blank line either side (as Prettier formats the file).
export const CATALOG_SCALE_HEADING = '## Catalog at scale (issue #12)';
export const CATALOG_SCALE_START = '<!-- catalog-scale:start -->';
export const CATALOG_SCALE_END = '<!-- catalog-scale:end -->';

/** `next` with the catalog-scale section of `previous` (if it had one) appended. */
export function keepCatalogScaleSection(previous: string, next: string): string {
  const from = previous.indexOf(CATALOG_SCALE_HEADING);
  const to = previous.indexOf(CATALOG_SCALE_END);
  if (from === -1 || to === -1 || next.includes(CATALOG_SCALE_HEADING)) return next;
  return `${next.trimEnd()}\n\n${previous.slice(from, to + CATALOG_SCALE_END.length)}\n`;
}

/** `doc` with the generated part of the catalog-scale section replaced (or the section added). */
export function replaceCatalogScaleSection(doc: string, generated: string): string {
  const section = `${CATALOG_SCALE_START}\n\n${generated.trim()}\n\n${CATALOG_SCALE_END}`;
  if (doc.includes(CATALOG_SCALE_START) && doc.includes(CATALOG_SCALE_END))
    return doc.slice(0, doc.indexOf(CATALOG_SCALE_START)) + section + doc.slice(doc.indexOf(CATALOG_SCALE_END) + CATALOG_SCALE_END.length);
  return `${doc.trimEnd()}\n\n${CATALOG_SCALE_HEADING}\n\n${section}\n`;
}

// The drop-day section (`npm run bench -- --drop`, scripts/bench/drop.ts): its own markers, kept
// when the full bench rewrites the file, its generated part replaced by the drop bench.
export const DROP_HEADING = '## Drop day: settling as fast as orders arrive (issue #27)';
export const DROP_START = '<!-- drop:start -->';
export const DROP_END = '<!-- drop:end -->';

/** `next` with the drop-day section of `previous` (if it had one) appended. */
export function keepDropSection(previous: string, next: string): string {
  const from = previous.indexOf(DROP_HEADING);
  const to = previous.indexOf(DROP_END);
  if (from === -1 || to === -1 || next.includes(DROP_HEADING)) return next;
  return `${next.trimEnd()}\n\n${previous.slice(from, to + DROP_END.length)}\n`;
}

/** `doc` with the generated part of the drop-day section replaced (or the section added). */
export function replaceDropSection(doc: string, generated: string): string {
  const section = `${DROP_START}\n\n${generated.trim()}\n\n${DROP_END}`;
  if (doc.includes(DROP_START) && doc.includes(DROP_END))
    return doc.slice(0, doc.indexOf(DROP_START)) + section + doc.slice(doc.indexOf(DROP_END) + DROP_END.length);
  return `${doc.trimEnd()}\n\n${DROP_HEADING}\n\n${section}\n`;
}

// Search at every NCAA athlete (scripts/bench/catalog-search.ts): its own markers inside the
// catalog-scale section (before that section's generated part), so the full bench keeps it with
// the section and the catalog-scale benchmark leaves it alone.
export const CATALOG_SEARCH_START = '<!-- catalog-search:start -->';
export const CATALOG_SEARCH_END = '<!-- catalog-search:end -->';

/** `doc` with the generated part of the catalog-search block replaced (or added just before the
 * catalog-scale section's generated part, or at the end). */
export function replaceCatalogSearchSection(doc: string, generated: string): string {
  const block = `${CATALOG_SEARCH_START}\n\n${generated.trim()}\n\n${CATALOG_SEARCH_END}`;
  if (doc.includes(CATALOG_SEARCH_START) && doc.includes(CATALOG_SEARCH_END))
    return doc.slice(0, doc.indexOf(CATALOG_SEARCH_START)) + block + doc.slice(doc.indexOf(CATALOG_SEARCH_END) + CATALOG_SEARCH_END.length);
  if (doc.includes(CATALOG_SCALE_START)) return doc.replace(CATALOG_SCALE_START, `${block}\n\n${CATALOG_SCALE_START}`);
  return `${doc.trimEnd()}\n\n${block}\n`;
}

// The render function's section (`npm run bench -- --render-only`, scripts/bench/lambda-render.ts):
// part of the full bench's output; `--render-only` rewrites it alone.
export const RENDER_HEADING = '### The render function (its cold start and warm pages; issue #27)';

/** `doc` with only the render function's section replaced (up to the next heading), or the section
 * put before `before` (the web sections' heading) when the file has none yet. */
export function spliceRenderSection(doc: string, section: string, before: string): string {
  const start = doc.indexOf(RENDER_HEADING);
  if (start < 0) {
    const at = doc.indexOf(before);
    if (at < 0) throw new Error(`docs/BENCHMARKS.md has no "${before}" section to put the render function's before`);
    return `${doc.slice(0, at)}${section.trimEnd()}\n\n${doc.slice(at)}`;
  }
  const next = doc.indexOf('\n#', start + RENDER_HEADING.length);
  return `${doc.slice(0, start)}${section.trimEnd()}\n${next < 0 ? '' : doc.slice(next)}`;
}

// Leaderboards and the feed at 1,000 and 100,000 fans (scripts/bench/community.ts, issue #26): a
// subsection of the results, put before the catalog-scale section; its generated part between its
// markers, kept when the full bench rewrites the file.
export const COMMUNITY_HEADING = '### Leaderboards and the feed at 1,000 and 100,000 fans (issue #26)';
export const COMMUNITY_START = '<!-- community:start -->';
export const COMMUNITY_END = '<!-- community:end -->';
export const COMMUNITY_COMMAND = 'npx tsx scripts/bench/community.ts';

/** `part` put just before the catalog-scale section of `doc` (or at its end). */
function beforeCatalogScale(doc: string, part: string): string {
  const at = doc.indexOf(CATALOG_SCALE_HEADING);
  if (at < 0) return `${doc.trimEnd()}\n\n${part}\n`;
  return `${doc.slice(0, at)}${part}\n\n${doc.slice(at)}`;
}

/** `doc` with the generated part of the community section replaced (or the section added, with its
 * heading and command, before the catalog-scale section). */
export function replaceCommunitySection(doc: string, generated: string): string {
  // A blank line after the start marker, as the formatter leaves it.
  const block = `${COMMUNITY_START}\n\n${generated.trim()}\n${COMMUNITY_END}`;
  const start = doc.indexOf(COMMUNITY_START);
  const end = doc.indexOf(COMMUNITY_END);
  if (start >= 0 && end > start) return doc.slice(0, start) + block + doc.slice(end + COMMUNITY_END.length);
  return beforeCatalogScale(
    doc,
    `${COMMUNITY_HEADING}\n\n\`\`\`bash\n${COMMUNITY_COMMAND}                          # 1,000 and 100,000 fans; rewrites the figures below\n${COMMUNITY_COMMAND} --fans 1000 --no-write    # a quick look\n\`\`\`\n\n${block}`,
  );
}

/** `next` with the community section of `previous` (its heading to its end marker), when `next` has none. */
export function keepCommunitySection(previous: string, next: string): string {
  const from = previous.indexOf(COMMUNITY_HEADING);
  const to = previous.indexOf(COMMUNITY_END);
  if (from === -1 || to < from || next.includes(COMMUNITY_HEADING)) return next;
  return beforeCatalogScale(next, previous.slice(from, to + COMMUNITY_END.length));
}
