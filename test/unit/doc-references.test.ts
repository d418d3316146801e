// Docs that point somewhere (issue 32 item 9): every decision record, doc and repository path that
// a comment or a document cites exists. A record cited as "decision 0025", "docs/decisions/0025" or
// "[0025](decisions/0025-...)" must be a file of docs/decisions/; a path such as
// `lambdas/platform/keys.ts` or docs/RUNBOOK.md must be in the tree (a module may be cited without
// its extension); a Markdown link to a relative file must resolve from the document that holds it.
// Templates (`lambdas/<domain>/`, globs) and build output (web/dist, dist/) are not paths to check.
// And the data model stays whole: every key prefix the table's key module declares is named in
// docs/ARCHITECTURE.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED_DIRS = ['docs', 'lambdas', 'shared', 'web/src', 'web/build-tools', 'scripts', 'test', 'infra', '.ci'];
const SCANNED_FILES = ['README.md', 'package.json', 'eslint.config.js', 'jest.config.js', 'web/vite.config.ts'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sh|css|html)$|^run$/;
/** Sample payloads: their text is Shopify's, not ours. */
const SKIPPED_DIRS = ['docs/examples', 'test/fixtures'];
/** This file cites missing records and paths on purpose, to test the scanner. */
const SELF = 'test/unit/doc-references.test.ts';
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.md', '.css', '.json'];

/** Citations that name a path on purpose although it is not in the tree, each with its reason. */
const KEPT: Array<{ file: string; cited: string; why: string }> = [
  { file: 'docs/decisions/0002-domain-modules.md', cited: 'lambdas/common', why: 'the layout before the move this record describes' },
  { file: 'docs/decisions/0002-domain-modules.md', cited: 'lambdas/functions', why: 'the layout before the move this record describes' },
  { file: 'docs/decisions/0002-domain-modules.md', cited: 'shared/api.ts', why: 'the file the move split, named as it was' },
  { file: 'docs/BENCHMARKS.md', cited: 'lambdas/common', why: "an earlier measured run's output, printed as esbuild named the parts then" },
];
const TEST_BUILD_DIR = 'web/__no_such_build__'; // infra tests point the site at a build that is not there on purpose

export interface BrokenReference {
  file: string;
  line: number;
  cited: string;
}

const PATH = /(?<![\w@#./-])((?:docs|lambdas|shared|web|scripts|test|infra)\/[A-Za-z0-9_./-]*[A-Za-z0-9_])/g;
const DECISION = /\b(?:decisions?\s+\[?|docs\/decisions\/|\]\(decisions\/|\]\(\.\.\/decisions\/|\]\()(\d{4})(?=[\s\]).,;:'"`-]|$)/gi;
const LINK = /\]\((?!https?:|mailto:|#|\/)([^)\s#]+)(?:#[^)]*)?\)/g;

/** The broken references in one file's text (exported for the test of the scanner itself). */
export function brokenReferences(file: string, text: string, exists: (p: string) => boolean, decisions: string[]): BrokenReference[] {
  const broken: BrokenReference[] = [];
  text.split('\n').forEach((line, index) => {
    const at = (cited: string) => broken.push({ file, line: index + 1, cited });
    for (const m of line.matchAll(DECISION)) if (!decisions.some((d) => d.startsWith(`${m[1]}-`))) at(`decision ${m[1]}`);
    for (const m of line.matchAll(PATH)) {
      const cited = m[1].replace(/\.+$/, '');
      const next = line[(m.index ?? 0) + m[0].length] ?? '';
      if ('<*{$'.includes(next) && next !== '') continue; // a template or a glob
      if (/^(web\/dist|web\/dist-server|dist)(\/|$)/.test(cited) || cited.startsWith(TEST_BUILD_DIR)) continue;
      if (/^docs\/decisions\/\d{4}$/.test(cited)) continue; // a record by its number: checked above
      if (KEPT.some((k) => k.file === file && k.cited === cited)) continue;
      if (EXTENSIONS.some((ext) => exists(cited + ext))) continue;
      at(cited);
    }
    if (file.endsWith('.md'))
      for (const m of line.matchAll(LINK)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
        if (!exists(target)) at(m[1]);
      }
  });
  return broken;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.name === 'node_modules' || SKIPPED_DIRS.includes(rel) || rel === SELF) continue;
    if (entry.isDirectory()) walk(rel, out);
    else if (TEXT.test(entry.name)) out.push(rel);
  }
}

describe('doc references', () => {
  const exists = (p: string) => existsSync(path.join(ROOT, p));
  const decisions = readdirSync(path.join(ROOT, 'docs/decisions'));

  it('finds a missing record, a missing path and a broken link (the scanner itself)', () => {
    const text = [
      'see docs/decisions/0099 and decision 9999, and decision 0004',
      '`lambdas/platform/no-such-file.ts` beside lambdas/platform/keys.ts and `lambdas/<domain>/`',
      '[runbook](RUNBOOK.md) and [gone](decisions/0098-gone.md)',
    ].join('\n');
    expect(brokenReferences('docs/X.md', text, exists, decisions).map((b) => b.cited)).toEqual([
      'decision 0099',
      'decision 9999',
      'lambdas/platform/no-such-file.ts',
      'decision 0098',
      'decisions/0098-gone.md',
    ]);
  });

  it('every decision, doc and path cited in the tree exists', () => {
    const files: string[] = [];
    for (const dir of SCANNED_DIRS) if (exists(dir)) walk(dir, files);
    for (const file of SCANNED_FILES) if (exists(file) && statSync(path.join(ROOT, file)).isFile()) files.push(file);
    const broken = files.flatMap((file) => brokenReferences(file, readFileSync(path.join(ROOT, file), 'utf8'), exists, decisions));
    expect(broken.map((b) => `${b.file}:${b.line}: ${b.cited}`)).toEqual([]);
  });

  it("names every key prefix of the table (lambdas/platform/keys.ts) in the architecture's data model", () => {
    const keysSource = readFileSync(path.join(ROOT, 'lambdas/platform/keys.ts'), 'utf8');
    const prefixes = [...keysSource.matchAll(/^const [A-Z_]+ = '([^']+)';$/gm)].map((m) => m[1]);
    expect(prefixes.length).toBeGreaterThan(40);
    const architecture = readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
    expect(prefixes.filter((prefix) => !architecture.includes(prefix))).toEqual([]);
  });

  it('keeps each deliberate exception for a reason, and only while it is still cited', () => {
    for (const kept of KEPT) {
      expect(kept.why.length).toBeGreaterThan(10);
      expect(readFileSync(path.join(ROOT, kept.file), 'utf8')).toContain(kept.cited);
    }
  });
});
