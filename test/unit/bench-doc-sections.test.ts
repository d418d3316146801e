// docs/BENCHMARKS.md: `npm run bench` rewrites the file but keeps the catalog-scale section, and
// the catalog-scale benchmark rewrites only its generated part.
import {
  CATALOG_SCALE_END,
  CATALOG_SCALE_HEADING,
  CATALOG_SEARCH_END,
  CATALOG_SEARCH_START,
  CATALOG_SCALE_START,
  COMMUNITY_END,
  COMMUNITY_HEADING,
  COMMUNITY_START,
  DROP_END,
  DROP_HEADING,
  DROP_START,
  keepCatalogScaleSection,
  keepCommunitySection,
  keepDropSection,
  replaceCatalogScaleSection,
  replaceCatalogSearchSection,
  replaceCommunitySection,
  RENDER_HEADING,
  spliceRenderSection,
  replaceDropSection,
} from '../../scripts/bench/doc-sections';

const section = `${CATALOG_SCALE_HEADING}\n\nHow to read it.\n\n${CATALOG_SCALE_START}\nold table\n${CATALOG_SCALE_END}`;

describe('BENCHMARKS.md sections', () => {
  it('keeps the catalog-scale section, its text included, when the rest is rewritten', () => {
    const next = keepCatalogScaleSection(`# Benchmarks\n\nold\n\n${section}\n`, '# Benchmarks\n\nnew\n');
    expect(next).toBe(`# Benchmarks\n\nnew\n\n${section}\n`);
    expect(keepCatalogScaleSection('# Benchmarks\n', '# new\n')).toBe('# new\n');
  });

  it('replaces only the generated part, or adds the section', () => {
    const doc = `# Benchmarks\n\n${section}\n\n## After\n`;
    expect(replaceCatalogScaleSection(doc, 'new table')).toBe(
      `# Benchmarks\n\n${CATALOG_SCALE_HEADING}\n\nHow to read it.\n\n${CATALOG_SCALE_START}\n\nnew table\n\n${CATALOG_SCALE_END}\n\n## After\n`,
    );
    expect(replaceCatalogScaleSection('# Benchmarks\n', 'table')).toBe(
      `# Benchmarks\n\n${CATALOG_SCALE_HEADING}\n\n${CATALOG_SCALE_START}\n\ntable\n\n${CATALOG_SCALE_END}\n`,
    );
  });

  it('keeps the drop-day section through a full rewrite, and the drop bench replaces only its generated part', () => {
    const drop = `${DROP_HEADING}\n\nWhat it measures.\n\n${DROP_START}\nold runs\n${DROP_END}`;
    const previous = `# Benchmarks\n\nold\n\n${section}\n\n${drop}\n`;
    const next = keepDropSection(previous, keepCatalogScaleSection(previous, '# Benchmarks\n\nnew\n'));
    expect(next).toBe(`# Benchmarks\n\nnew\n\n${section}\n\n${drop}\n`);
    expect(replaceDropSection(next, 'new runs')).toBe(
      `# Benchmarks\n\nnew\n\n${section}\n\n${DROP_HEADING}\n\nWhat it measures.\n\n${DROP_START}\n\nnew runs\n\n${DROP_END}\n`,
    );
    expect(replaceDropSection('# Benchmarks\n', 'runs')).toBe(`# Benchmarks\n\n${DROP_HEADING}\n\n${DROP_START}\n\nruns\n\n${DROP_END}\n`);
  });

  it('puts the catalog-search block inside the catalog-scale section, which keeps it, and replaces only its own part', () => {
    const doc = `# Benchmarks\n\n${section}\n`;
    const added = replaceCatalogSearchSection(doc, 'search at 554,298');
    expect(added).toBe(
      `# Benchmarks\n\n${CATALOG_SCALE_HEADING}\n\nHow to read it.\n\n${CATALOG_SEARCH_START}\n\nsearch at 554,298\n\n${CATALOG_SEARCH_END}\n\n${CATALOG_SCALE_START}\nold table\n${CATALOG_SCALE_END}\n`,
    );
    expect(replaceCatalogSearchSection(added, 'again')).toBe(added.replace('search at 554,298', 'again'));
    expect(replaceCatalogScaleSection(added, 'new table')).toContain(`${CATALOG_SEARCH_START}\n\nsearch at 554,298\n\n${CATALOG_SEARCH_END}`);
    expect(keepCatalogScaleSection(added, '# Benchmarks\n\nnew\n')).toContain('search at 554,298');
    expect(replaceCatalogSearchSection('# Benchmarks\n', 'x')).toBe(`# Benchmarks\n\n${CATALOG_SEARCH_START}\n\nx\n\n${CATALOG_SEARCH_END}\n`);
  });

  it("replaces only the render function's section, or puts it before the web sections", () => {
    const doc = '# Benchmarks\n\n### Lambda bundles\n\ntable\n\n### Web (gzip -9)\n\nsizes\n';
    const added = spliceRenderSection(doc, `${RENDER_HEADING}\n\nfirst figures\n`, '### Web (gzip -9)');
    expect(added).toBe(`# Benchmarks\n\n### Lambda bundles\n\ntable\n\n${RENDER_HEADING}\n\nfirst figures\n\n### Web (gzip -9)\n\nsizes\n`);
    expect(spliceRenderSection(added, `${RENDER_HEADING}\n\nsecond figures\n`, '### Web (gzip -9)')).toBe(added.replace('first figures', 'second figures'));
    expect(() => spliceRenderSection('# Benchmarks\n', 'x', '### Web (gzip -9)')).toThrow(/no "### Web/);
  });

  it('adds the community section before the catalog-scale section, replaces only its generated part and keeps it through a full rewrite', () => {
    const drop = `${DROP_HEADING}\n\n${DROP_START}\nruns\n${DROP_END}`;
    const doc = `# Benchmarks\n\nTotal bench time: 1 s.\n\n${section}\n\n${drop}\n`;
    const added = replaceCommunitySection(doc, 'first figures');
    const at = added.indexOf(COMMUNITY_HEADING);
    expect(at).toBeGreaterThan(added.indexOf('Total bench time'));
    expect(at).toBeLessThan(added.indexOf(CATALOG_SCALE_HEADING));
    expect(added.slice(at)).toMatch(/^### Leaderboards and the feed at 1,000 and 100,000 fans \(issue #26\)\n\n```bash\nnpx tsx scripts\/bench\/community\.ts/);
    expect(added).toContain(`${COMMUNITY_START}\n\nfirst figures\n${COMMUNITY_END}\n\n${CATALOG_SCALE_HEADING}`);
    const replaced = replaceCommunitySection(added, 'second figures');
    expect(replaced).toBe(added.replace('first figures', 'second figures'));
    // The full bench: its own text, then the sections other benchmarks write, each once and in place.
    const rewritten = keepDropSection(replaced, keepCommunitySection(replaced, keepCatalogScaleSection(replaced, '# Benchmarks\n\nTotal bench time: 2 s.\n')));
    expect(rewritten).toBe(replaced.replace('Total bench time: 1 s.', 'Total bench time: 2 s.'));
    expect(keepCommunitySection(replaced, rewritten)).toBe(rewritten);
    expect(replaceCommunitySection('# Benchmarks\n', 'x')).toMatch(
      new RegExp(`^# Benchmarks\n\n${COMMUNITY_HEADING.replace(/[()#]/g, '\\$&')}\n[^]*${COMMUNITY_START}\n\nx\n${COMMUNITY_END}\n$`),
    );
  });
});
