// Infra layer, bundling: the CDK functions and scripts/build-lambdas.ts (and so the benchmark's
// bundle sizes) use one esbuild definition (infra/bundling.ts). Building the same function both
// ways must give byte-identical bundles; any drift between the two paths fails here.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { LAMBDA_ESBUILD, nodejsBundling } from '../../infra/bundling';
import { ApiFunction } from '../../infra/constructs/api-function';
import { bundleFunction } from '../../scripts/build-lambdas';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');

describe('one bundling definition', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundling-drift-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(['lambdas/catalog/catalog.handler.ts', 'lambdas/catalog/admin.handler.ts'])('CDK and build-lambdas bundle %s to the same bytes', async (entry) => {
    // One cloud assembly per entry: a shared one would hold both assets and find() could pick either.
    const app = new App({ outdir: path.join(dir, 'cdk.out', path.basename(entry, '.ts')) });
    const stack = new Stack(app, 'Drift');
    new ApiFunction(stack, 'Fn', { entry: path.join(ROOT, entry) });
    const assembly = app.synth();
    const assetDir = fs.readdirSync(assembly.directory).find((d) => d.startsWith('asset.') && fs.existsSync(path.join(assembly.directory, d, 'index.js')));
    expect(assetDir).toBeDefined();
    const cdkBundle = fs.readFileSync(path.join(assembly.directory, assetDir!, 'index.js'));

    const out = path.join(dir, 'script', path.basename(entry, '.ts'), 'index.js');
    await bundleFunction(entry, out);
    const scriptBundle = fs.readFileSync(out);

    expect(cdkBundle.length).toBe(scriptBundle.length);
    expect(cdkBundle.equals(scriptBundle)).toBe(true);
    // The source map ships as a file beside the bundle, unreferenced (no runtime --enable-source-maps).
    expect(fs.existsSync(path.join(assembly.directory, assetDir!, 'index.js.map'))).toBe(true);
    expect(cdkBundle.toString('utf8')).not.toContain('sourceMappingURL');
    const fn = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0] as {
      Properties: { Environment?: { Variables?: Record<string, string> } };
    };
    expect(fn.Properties.Environment?.Variables?.NODE_OPTIONS).toBeUndefined();
  });

  it('maps every esbuild option to NodejsFunction (module-first main fields, node22, minified, SDK inside)', () => {
    expect(LAMBDA_ESBUILD).toMatchObject({ mainFields: ['module', 'main'], target: 'node22', minify: true, treeShaking: true, external: [] });
    expect(nodejsBundling()).toMatchObject({ mainFields: ['module', 'main'], target: 'node22', minify: true, externalModules: [], forceDockerBundling: false });
    expect(nodejsBundling().esbuildArgs).toEqual({
      '--tree-shaking': 'true',
      '--alias': Object.entries(LAMBDA_ESBUILD.alias).map(([from, to]) => `${from}=${to}`),
    });
  });
});
