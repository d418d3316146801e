// Unit layer: the tests run on the Lambda runtime's major (Node 22), through the node
// devDependency that npm puts first on PATH (scripts/test-all.sh, .ci/run), jest workers included.
import { execFileSync } from 'node:child_process';

const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('Node.js', () => {
  it('runs this jest worker on Node 22 or newer', () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(22);
  });

  it('gives child processes started with process.execPath the same Node (local mode, CLIs, benchmarks)', () => {
    expect(execFileSync(process.execPath, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(process.version);
  });

  it('puts Node 22 first on PATH for `node` in scripts', () => {
    expect(major(execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim())).toBeGreaterThanOrEqual(22);
  });
});
