// Infra layer, prerendered pages at the edge (issue #14): the build writes <route>/index.html for
// its static routes and lists them in prerender-routes.json; CloudFront's viewer-request function
// must answer those routes with their own HTML and every other app route with /index.html.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { PRERENDER_LIST, prerenderedRoutes } from '../../infra/constructs/site';

jest.setTimeout(120_000);

type Handler = (event: { request: { uri: string } }) => { uri: string };

function synthWithBuild(buildDir: string): Template {
  const app = new App({ context: { webBuildDir: buildDir, 'aws:cdk:bundling-stacks': [] } });
  const { stack } = buildApp(app, {});
  return Template.fromJSON(app.synth().getStackArtifact(stack.artifactId).template);
}

describe('CloudFront viewer-request function and prerendered routes', () => {
  let buildDir: string;
  let handler: Handler;

  beforeAll(() => {
    // Prepare: a build with two prerendered routes besides the landing (index.html).
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    fs.mkdirSync(path.join(buildDir, 'assets'));
    fs.writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><title>landing</title>');
    for (const route of ['demo', 'statement']) {
      fs.mkdirSync(path.join(buildDir, route));
      fs.writeFileSync(path.join(buildDir, route, 'index.html'), `<!doctype html><title>${route}</title>`);
    }
    fs.writeFileSync(path.join(buildDir, PRERENDER_LIST), JSON.stringify(['/demo', '/statement']));

    // Act: synthesise and take the function's code from the template.
    const template = synthWithBuild(buildDir);
    const functions = Object.values(template.findResources('AWS::CloudFront::Function')) as Array<{ Properties: { FunctionCode: string } }>;
    expect(functions).toHaveLength(1);
    handler = new Function(`${functions[0].Properties.FunctionCode}; return handler;`)() as Handler;
  });
  afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it('answers a prerendered route with its own HTML, with or without a trailing slash', () => {
    expect(rewrite('/demo')).toBe('/demo/index.html');
    expect(rewrite('/demo/')).toBe('/demo/index.html');
    expect(rewrite('/statement')).toBe('/statement/index.html');
  });

  it('answers the landing and every other app route with /index.html (the SPA shell)', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/athlete/1')).toBe('/index.html');
    expect(rewrite('/demo/collective')).toBe('/index.html');
    expect(rewrite('/search')).toBe('/index.html');
    // Routes are matched exactly: another case is the SPA's to resolve.
    expect(rewrite('/DEMO')).toBe('/index.html');
  });

  it('leaves files alone, the prerendered HTML included', () => {
    expect(rewrite('/assets/index-abc12345.js')).toBe('/assets/index-abc12345.js');
    expect(rewrite('/demo/index.html')).toBe('/demo/index.html');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });
});

describe('prerenderedRoutes', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is empty without a build list (a synth before the first web build)', () => {
    expect(prerenderedRoutes(dir)).toEqual([]);
  });

  it('refuses entries that are not route paths, since they end up in the function code', () => {
    fs.writeFileSync(path.join(dir, PRERENDER_LIST), JSON.stringify(['/demo', "/x'; request.uri='/evil"]));
    expect(() => prerenderedRoutes(dir)).toThrow(/must list route paths/);
  });
});
