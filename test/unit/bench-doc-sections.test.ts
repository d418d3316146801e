// docs/BENCHMARKS.md: `npm run bench` rewrites the file but keeps the catalog-scale section, and
// the catalog-scale benchmark rewrites only its generated part.
import {
  CATALOG_SCALE_END,
  CATALOG_SCALE_HEADING,
  CATALOG_SCALE_START,
  DROP_END,
  DROP_HEADING,
  DROP_START,
  keepCatalogScaleSection,
  keepDropSection,
  replaceCatalogScaleSection,
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
      `# Benchmarks\n\n${CATALOG_SCALE_HEADING}\n\nHow to read it.\n\n${CATALOG_SCALE_START}\nnew table\n${CATALOG_SCALE_END}\n\n## After\n`,
    );
    expect(replaceCatalogScaleSection('# Benchmarks\n', 'table')).toBe(
      `# Benchmarks\n\n${CATALOG_SCALE_HEADING}\n\n${CATALOG_SCALE_START}\ntable\n${CATALOG_SCALE_END}\n`,
    );
  });

  it('keeps the drop-day section through a full rewrite, and the drop bench replaces only its generated part', () => {
    const drop = `${DROP_HEADING}\n\nWhat it measures.\n\n${DROP_START}\nold runs\n${DROP_END}`;
    const previous = `# Benchmarks\n\nold\n\n${section}\n\n${drop}\n`;
    const next = keepDropSection(previous, keepCatalogScaleSection(previous, '# Benchmarks\n\nnew\n'));
    expect(next).toBe(`# Benchmarks\n\nnew\n\n${section}\n\n${drop}\n`);
    expect(replaceDropSection(next, 'new runs')).toBe(
      `# Benchmarks\n\nnew\n\n${section}\n\n${DROP_HEADING}\n\nWhat it measures.\n\n${DROP_START}\nnew runs\n${DROP_END}\n`,
    );
    expect(replaceDropSection('# Benchmarks\n', 'runs')).toBe(`# Benchmarks\n\n${DROP_HEADING}\n\n${DROP_START}\nruns\n${DROP_END}\n`);
  });
});
